import { SUPPLIER_CONTACT } from '../helpers/supplierContact';
import { useSignedInApp } from '../helpers/testApp';

// Chinese names sort by pinyin, not by code point, on both databases (migration
// 20261127000200_name_sort_keys): 安达 (an), 北方 (bei), Blue (blue), 华南 (hua), 苏通 (su).
const { app, admin } = useSignedInApp({ admin: 'admin' });

const names = async (path: string) => ((await admin.get(path)).body as Array<{ name: string }>).map((row) => row.name);
const sorted = (order: 'ASC' | 'DESC') => encodeURIComponent(JSON.stringify(['name', order]));

describe('names in pinyin order', () => {
  it('sorts suppliers and their picker by pinyin, either way, and never shows the key', async () => {
    for (const name of ['苏通快运', '北方物流', 'Blue River', '华南速运', '安达供应链']) {
      await admin.create('/api/suppliers', { name, ...SUPPLIER_CONTACT });
    }
    const pinyinOrder = ['安达供应链', '北方物流', 'Blue River', '华南速运', '苏通快运'];
    expect(await names(`/api/suppliers?sort=${sorted('ASC')}`)).toEqual(pinyinOrder);
    expect(await names(`/api/suppliers?sort=${sorted('DESC')}`)).toEqual([...pinyinOrder].reverse());
    expect(await names(`/api/supplier-options?sort=${sorted('ASC')}`)).toEqual(pinyinOrder);
    const csv = await admin.get(`/api/suppliers/export.csv?sort=${sorted('ASC')}&locale=en&tz=UTC`);
    const exported = pinyinOrder.map((name) => (csv.body as string).indexOf(name));
    expect(exported).toEqual([...exported].sort((a, b) => a - b));
    const [first] = (await admin.get(`/api/suppliers?sort=${sorted('ASC')}`)).body;
    expect(Object.keys(first)).not.toContain('nameSort');
  });

  it('keys a renamed record anew, and a name written past the API too', async () => {
    const area = await admin.create('/api/delivery-areas', { code: 'Z1', name: '重庆' });
    await admin.create('/api/delivery-areas', { code: 'A1', name: '成都' });
    await app.db('deliveryAreas').insert({ code: 'B1', name: '北京' });
    expect(await names(`/api/delivery-areas?sort=${sorted('ASC')}`)).toEqual(['北京', '成都', '重庆']);
    expect((await admin.put(`/api/delivery-areas/${area.id}`, { version: area.version, name: '安庆' })).status).toBe(200);
    expect(await names(`/api/delivery-areas?sort=${sorted('ASC')}`)).toEqual(['安庆', '北京', '成都']);
  });

  it('reads a name by its words: 重庆 is chong qing, 厦门 xia men (migration 20261205000100_pinyin_phrase_keys)', async () => {
    // Character by character 重 is zhong and 厦 sha: 重庆 sorted after 郑州, 厦门 before 上海.
    const cities = ['郑州', '厦门', '上海', '重庆', '成都', '长沙'];
    for (const [n, name] of cities.entries()) await admin.create('/api/warehouses', { code: `CITY-${n}`, name: `${name}仓` });
    const sortedCities = ['长沙仓', '成都仓', '重庆仓', '上海仓', '厦门仓', '郑州仓'];
    const listed = await names(`/api/warehouses?sort=${sorted('ASC')}&filter=${encodeURIComponent(JSON.stringify({ q: '仓' }))}&range=[0,99]`);
    expect(listed.filter((name) => sortedCities.includes(name))).toEqual(sortedCities);
    expect((await app.db('warehouses').where({ name: '重庆仓' }).first('nameSort')).nameSort).toBe('chong qing cang ');
  });

  it('sorts the trash by the pinyin of the names too', async () => {
    for (const name of ['华东仓', '安徽仓']) {
      const { id } = await admin.create('/api/warehouses', { code: name === '华东仓' ? 'HD' : 'AH', name });
      expect((await admin.delete(`/api/warehouses/${id}`)).status).toBe(200);
    }
    const trash = await admin.get(`/api/trash?sort=${sorted('ASC')}&filter=${encodeURIComponent(JSON.stringify({ type: 'warehouse' }))}`);
    expect(trash.body.map((row: { name: string }) => row.name)).toEqual(['安徽仓', '华东仓']);
    // Its CSV as the list: by pinyin (by code point 华 U+534E came before 安 U+5B89).
    const csv = await admin.get(`/api/trash/export.csv?sort=${sorted('ASC')}&filter=${encodeURIComponent(JSON.stringify({ type: 'warehouse' }))}&locale=en&tz=UTC`);
    expect(csv.status).toBe(200);
    const body = csv.body as string;
    expect(body.indexOf('安徽仓')).toBeGreaterThan(0);
    expect(body.indexOf('安徽仓')).toBeLessThan(body.indexOf('华东仓'));
  });

  it('sorts people by the pinyin of their last name', async () => {
    const answer = await admin.get(`/api/users?sort=${encodeURIComponent(JSON.stringify(['lastName', 'ASC']))}&range=[0,99]`);
    const keyOf = new Map((await app.db('users').select('id', 'lastNameSort')).map((user) => [user.id, user.lastNameSort as string]));
    const keys: string[] = answer.body.map((user: { id: number }) => keyOf.get(user.id));
    expect(keys).toEqual([...keys].sort());
    expect(keys.every((key) => /^[a-z ]+$/.test(key))).toBe(true);
    expect(Object.keys(answer.body[0])).not.toContain('lastNameSort');
  });
});
