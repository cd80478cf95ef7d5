import fs from 'node:fs';
import path from 'node:path';
import { accessOf, MENU, PAGES, USER_MENU } from '../../admin/src/pageRegistry';
import { PAGE_KEYS } from '@kernel/permissions/pageKeys';

/*
 * The admin's page registry against docs/routes-and-pages.md, read from the document itself: its
 * route table (paths, page keys, sidebar places) and its sidebar order.
 */
const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/routes-and-pages.md'), 'utf8');
const section = (title: string) => doc.split(/^## /m).find((part) => part.startsWith(`${title}\n`))!;

/** A route table row; its access is a page key, 'signed-in' (no guard), 'public' or 'none'. */
interface Row { paths: string[]; access: string; sidebar: string }

/** The route table's rows: `…/create` continues the first path of its cell. */
const rows: Row[] = section('Route table').split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| path'))
  .map((line) => {
    const [pathCell, , keyCell, sidebar] = line.split('|').slice(1).map((cell) => cell.trim());
    const tokens = [...pathCell.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter((token) => !token.startsWith('?'));
    const paths = tokens.map((token) => token.replace('…', tokens[0]));
    const key = /`(\w+)`/.exec(keyCell)?.[1];
    const access = key ?? { 'no guard': 'signed-in', public: 'public', none: 'none' }[keyCell] ?? keyCell;
    return { paths, access, sidebar };
  });

/** The registry page that serves a path: its own, or the resource whose screens lie under it. */
/** A documented path as the router writes it: `/t/{token}` → `/t/:token`. */
const routerPath = (route: string) => route.replace(/\{(\w+)\}/g, ':$1');

function pageOf(route: string) {
  const own = PAGES.find((page) => page.path === routerPath(route));
  if (own) return own;
  const resource = PAGES.find((page) => page.resource && route.startsWith(`${page.path}/`));
  const screen = route.endsWith('/create') ? 'create' : 'edit';
  return resource?.resource?.[screen] ? resource : undefined;
}

describe('the page registry', () => {
  it('reads the route table of docs/routes-and-pages.md', () => {
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.flatMap((row) => row.paths)).toContain('/vehicle-types/{id}');
  });

  it.each(rows.filter((row) => row.access !== 'none'))('serves $paths with the access of the route table', (row) => {
    for (const route of row.paths) expect([route, pageOf(route)?.access]).toEqual([route, row.access]);
  });

  it('has no page that the route table leaves out', () => {
    const documented = new Set(rows.flatMap((row) => row.paths).map(routerPath));
    expect(PAGES.map((page) => page.path).filter((route) => !documented.has(route))).toEqual([]);
  });

  it('covers every page key', () => {
    expect(new Set(PAGES.map((page) => page.access).filter((access) => (PAGE_KEYS as readonly string[]).includes(access))))
      .toEqual(new Set(PAGE_KEYS));
  });

  it('finds the page key react-admin asks for by resource, page key or a page\'s data resource', () => {
    expect(['vehicle-types', 'vehicle_types', 'pricing', 'report-runs', 'translations', 'user-options'].map(accessOf))
      .toEqual(['vehicle_types', 'vehicle_types', 'pricing_management', 'old_reports', 'signed-in', undefined]);
  });
});

describe('the sidebar derived from it', () => {
  /** A route table's sidebar place ("Orders › order list", "Dashboard (top level)") → its path. */
  const pathAt = (place: string) => rows.find((row) => row.sidebar.replace(' (top level)', '') === place)!.paths[0];

  /** The documented order ("Dashboard; Orders group (order list, …); a separator; …") as menu entries. */
  const documented = /^Order: ([\s\S]+?)\.\n\n/m.exec(section('Sidebar'))![1].replace(/\s+/g, ' ').split('; ').flatMap((entry) => {
    if (entry === 'a separator') return ['separator'];
    const group = /^(\w+) group \((.+)\)$/.exec(entry);
    if (!group) return [pathAt(entry.replace(/ \(.+\)$/, ''))];
    return [`group ${group[1].toLowerCase()}`, ...group[2].split(', ').map((item) => pathAt(`${group[1]} › ${item}`))];
  });

  it('has the documented order, groups and separator', () => {
    expect(documented).toHaveLength(25);
    expect(MENU.flatMap((entry) => {
      if (entry === 'separator') return ['separator'];
      return 'group' in entry ? [`group ${entry.group}`, ...entry.items.map((item) => item.to)] : [entry.to];
    })).toEqual(documented);
  });

  it('puts the pages the route table places in the user menu there', () => {
    expect(USER_MENU.map((link) => link.to))
      .toEqual(rows.filter((row) => row.sidebar.startsWith('user menu')).map((row) => row.paths[0]));
  });
});
