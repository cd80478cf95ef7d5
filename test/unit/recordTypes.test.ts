import { bundledCatalogs } from '@kernel/i18n/catalogs';
import { isPageKey } from '@kernel/permissions/pageKeys';
import { isRecordType, RECORD_TYPE_NAMES, RECORD_TYPES } from '@kernel/resources/recordTypes';
import { accessOf, PAGES } from '../../admin/src/pageRegistry';
import { RECORD_RESOURCES, RESOURCES } from '../../api/src/registry';
import { flatten as leaves } from '../../api/src/translations/catalog';

/*
 * The kernel's list of record types against what reads it: the API's registry, the trash, the
 * admin's pages and the catalogs. A record type is one line there and a folder on each side.
 */
const texts = { cn: leaves(bundledCatalogs.cn), en: leaves(bundledCatalogs.en) };

describe('the list of record types', () => {
  it.each(RECORD_TYPE_NAMES)('names %s in both languages', (type) => {
    expect(texts.cn.get(`entity_types.${type}`)?.trim()).toBeTruthy();
    expect(texts.en.get(`entity_types.${type}`)?.trim()).toBeTruthy();
  });

  it.each(RECORD_TYPE_NAMES)('has the resource of %s registered as it says, on a page of the admin guarded alike', (type) => {
    const { name, pageKey } = RECORD_TYPES[type];
    const def = RECORD_RESOURCES[type];
    expect(RESOURCES).toContain(def);
    expect({ name: def.name, entityType: def.entityType, pageKey: def.pageKey }).toEqual({ name, entityType: type, pageKey });
    if (pageKey !== undefined) expect(isPageKey(pageKey)).toBe(true);
    const page = PAGES.find((one) => one.path === `/${name}`);
    expect(page?.resource).toBeDefined();
    expect(page?.access).toBe(pageKey ?? 'signed-in');
  });

  it.each(RECORD_TYPE_NAMES.flatMap((type) => (RECORD_TYPES[type].shownBy ?? []).map((name) => [type, name])))(
    'has %s shown by the resource %s, which the API serves and the admin checks', (type, name) => {
      expect(RESOURCES.find((def) => def.name === name)?.entityType).toBe(type);
      expect(accessOf(name)).toBeDefined();
    });

  it.each(RESOURCES.filter((def) => isRecordType(def.entityType)).map((def) => [def.name, def.entityType]))(
    'makes the resource %s stale on a change of a %s: it is the type\'s own, its picker or one it is shown by', (name, type) => {
      const { name: own, picker, shownBy = [] } = RECORD_TYPES[type as keyof typeof RECORD_TYPES];
      expect([own, picker, ...shownBy]).toContain(name);
    });

  it.each(RECORD_TYPE_NAMES.filter((type) => RECORD_TYPES[type].picker !== undefined))('has the picker of %s served by the API', (type) => {
    expect(RESOURCES.find((def) => def.name === RECORD_TYPES[type].picker)?.entityType).toBe(type);
  });

  it('puts in the trash every resource a delete sends there, and no other', () => {
    const deletedToTrash = RESOURCES.filter((def) => def.softDelete !== false && def.write && def.write.deletable !== false);
    expect(deletedToTrash.map((def) => def.name).sort()).toEqual(Object.values(RECORD_RESOURCES).map((def) => def.name).sort());
  });

  it('refers to record types only in its fields', () => {
    const referred = RECORD_TYPE_NAMES.flatMap((type) => Object.values(RECORD_TYPES[type].fields ?? {}))
      .flatMap((kind) => ('ref' in kind ? [kind.ref] : 'refs' in kind ? [kind.refs] : []));
    expect(referred.length).toBeGreaterThan(0);
    expect(referred.filter((type) => !isRecordType(type))).toEqual([]);
  });
});
