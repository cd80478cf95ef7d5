import type { Knex } from 'knex';
import { hashPassword } from '../api/src/auth/passwords';
import type { Config } from '../api/src/config';
import { MAIN_FLOW, type OrderStatus } from '../api/src/orders/statusFlow';
import { ROLES } from '../api/src/users/roles';

export const DEMO_PASSWORD = 'demo1234';

/** Demo names per role, shown on the dashboard's contributors card. */
const DEMO_NAMES: Record<(typeof ROLES)[number], [string, string]> = {
  admin: ['Ada', 'Admin'],
  director: ['Wei', 'Zhang'],
  manager: ['Mei', 'Chen'],
  team_leader: ['Jun', 'Li'],
  biller: ['Fang', 'Wang'],
  regional_dispatcher: ['Hao', 'Liu'],
};

const DELIVERY_AREAS = [
  { code: 'SH-PD', name: '上海浦东 Shanghai Pudong', region: '华东 East' },
  { code: 'SH-MH', name: '上海闵行 Shanghai Minhang', region: '华东 East' },
  { code: 'SZ-NS', name: '深圳南山 Shenzhen Nanshan', region: '华南 South' },
  { code: 'GZ-TH', name: '广州天河 Guangzhou Tianhe', region: '华南 South' },
  { code: 'BJ-CY', name: '北京朝阳 Beijing Chaoyang', region: '华北 North' },
  { code: 'CD-WH', name: '成都武侯 Chengdu Wuhou', region: '西南 Southwest' },
];

const WAREHOUSES = [
  { code: 'WH-SH01', name: '外高桥仓 Waigaoqiao DC', address: '上海市浦东新区富特北路 88 号', contactPerson: '王磊', contactPhone: '+86 21 5866 1001' },
  { code: 'WH-SH02', name: '松江仓 Songjiang DC', address: '上海市松江区新飞路 1500 号', contactPerson: '赵敏', contactPhone: '+86 21 5766 2002' },
  { code: 'WH-SZ01', name: '盐田仓 Yantian DC', address: '深圳市盐田区北山道 146 号', contactPerson: 'Kevin Wu', contactPhone: '+86 755 2529 3003' },
  { code: 'WH-BJ01', name: '顺义仓 Shunyi DC', address: '北京市顺义区空港工业区 A 区', contactPerson: '刘洋', contactPhone: '+86 10 8048 4004' },
];

const VEHICLE_TYPES = [
  { code: 'VAN-1.5', name: '1.5 吨厢式车 1.5 t van', capacityTons: 1.5, volumeCbm: 8 },
  { code: 'TRK-5', name: '5 吨厢式货车 5 t box truck', capacityTons: 5, volumeCbm: 30 },
  { code: 'TRK-10', name: '10 吨高栏车 10 t high-side truck', capacityTons: 10, volumeCbm: 45 },
  { code: 'TRL-40', name: '40 尺挂车 40 ft trailer', capacityTons: 28, volumeCbm: 67.5 },
];

const SUPPLIERS = [
  { name: '顺达物流有限公司', shortName: '顺达', contactPerson: '陈刚', contactPhone: '+86 21 6123 4567', contactEmail: 'ops@shunda.example', website: 'https://shunda.example', address: '上海市闵行区申长路 990 号', areas: ['SH-PD', 'SH-MH'] },
  { name: 'Swift Haulage Co., Ltd.', shortName: 'Swift', contactPerson: 'Tom Lee', contactPhone: '+86 755 8888 1234', contactEmail: 'dispatch@swift.example', website: 'https://swift.example', address: 'Nanshan, Shenzhen', areas: ['SZ-NS', 'GZ-TH'] },
  { name: '北方联运股份有限公司', shortName: '北方联运', contactPerson: '李娜', contactPhone: '+86 10 6543 2100', contactEmail: 'service@beifang.example', address: '北京市朝阳区酒仙桥路 10 号', areas: ['BJ-CY'] },
  { name: '蜀道运输', shortName: null, contactPerson: '张伟', contactPhone: '+86 28 8555 7788', address: '成都市武侯区武科西五路 360 号', areas: ['CD-WH'] },
  { name: 'Blue River Logistics', shortName: 'BRL', contactPerson: 'Anna Xu', contactEmail: 'hello@blueriver.example', areas: ['SH-PD', 'SZ-NS', 'BJ-CY'] },
];

/**
 * A small deterministic generator (mulberry32), so every fresh demo database looks the same. Its
 * low bits are well mixed, unlike a plain LCG's, whose `state % n` repeats with a short period.
 */
function sequence(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

const DAY = 24 * 60 * 60 * 1000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DEMO_POD = Buffer.from('%PDF-1.4\n% demo proof of delivery\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * 240 demo orders of the last 90 days at every stage of the flow (DESIGN.md §3), each with the
 * timeline of the steps it went through; completed ones with a POD and, mostly, their prices.
 */
async function seedDemoOrders(trx: Knex.Transaction): Promise<void> {
  const pick = sequence(20261123);
  const ids = async (table: string) => (await trx(table).select('id')).map((r: { id: number }) => r.id);
  // One after the other: a transaction is one connection, which runs one query at a time.
  const suppliers = await ids('suppliers');
  const warehouses = await ids('warehouses');
  const vehicleTypes = await ids('vehicleTypes');
  const areas = await ids('deliveryAreas');
  const staff = (await trx('users').whereIn('role', ['team_leader', 'regional_dispatcher', 'manager']).select('id'))
    .map((r: { id: number }) => r.id);
  const admin = (await trx('users').where({ role: 'admin' }).first('id')).id;
  const now = Date.now();
  for (let n = 0; n < 240; n += 1) {
    const created = now - (90 - Math.floor(n * 90 / 240)) * DAY + pick(8) * 3600 * 1000;
    const reached = Math.min(MAIN_FLOW.length - 1, Math.floor((now - created) / (DAY * 3.5)) + pick(3) - 1);
    const stepCount = Math.max(0, reached) + 1;
    const cancelled = pick(25) === 0;
    const steps: OrderStatus[] = [...MAIN_FLOW.slice(0, stepCount)];
    if (!cancelled && steps.at(-1) === 'in_transit' && pick(4) === 0) steps.push('vehicle_breakdown');
    if (cancelled) steps.push('cancelled');
    const status = steps.at(-1)!;
    const at = (i: number) => new Date(created + i * Math.min(DAY, (now - created) / (steps.length + 1)));
    const completed = status === 'completed';
    const priced = completed && pick(4) > 0;
    const money = (base: number) => (base + pick(400) + pick(100) / 100).toFixed(2);
    const [{ id }] = await trx('orders').insert({
      mtmNumber: `MTM${(2026110000 + n * 7).toString()}`,
      dnNumber: `DN${(880000 + n * 13).toString().padStart(8, '0')}`,
      supplierId: suppliers[pick(suppliers.length)],
      pickupWarehouseId: warehouses[pick(warehouses.length)],
      vehicleTypeId: vehicleTypes[pick(vehicleTypes.length)],
      deliveryAreaId: areas[pick(areas.length)],
      assignedUserId: staff[pick(staff.length)],
      pickupDate: isoDate(created + (1 + pick(3)) * DAY),
      mosDate: isoDate(created + (4 + pick(5)) * DAY),
      notes: pick(5) === 0 ? '请提前一小时电话联系收货人 / Call the receiver an hour ahead' : null,
      status,
      completionDate: completed ? at(steps.length - 1) : null,
      basePurchasePrice: priced ? money(800) : null,
      haulingBuyPrice: priced && pick(3) === 0 ? money(50) : null,
      baseSalePrice: priced ? money(1100) : null,
      haulingSalePrice: priced && pick(3) === 0 ? money(80) : null,
      createdBy: admin,
      createdAt: new Date(created),
      updatedAt: at(steps.length - 1),
    }).returning('id');
    await trx('orderEvents').insert(steps.map((toStatus, i) => ({ orderId: id, fromStatus: i === 0 ? null : steps[i - 1],
      toStatus, userId: i === 0 ? admin : staff[pick(staff.length)], at: at(i) })));
    if (completed) {
      await trx('orderAttachments').insert({ orderId: id, kind: 'pod', fileName: `POD-${id}.pdf`, contentType: 'application/pdf',
        size: DEMO_POD.length, content: DEMO_POD, uploadedBy: admin, createdAt: at(steps.length - 2) });
    }
  }
}

/** Demo master data: delivery areas, warehouses, vehicle types and suppliers with their service areas; then orders. */
async function seedSampleData(trx: Knex.Transaction): Promise<void> {
  const areas: Array<{ id: number; code: string }> = await trx('deliveryAreas').insert(DELIVERY_AREAS).returning(['id', 'code']);
  const areaId = (code: string) => areas.find((a) => a.code === code)!.id;
  await trx('warehouses').insert(WAREHOUSES);
  await trx('vehicleTypes').insert(VEHICLE_TYPES);
  for (const { areas: codes, ...supplier } of SUPPLIERS) {
    const [{ id }] = await trx('suppliers').insert(supplier).returning('id');
    await trx('supplierServiceAreas').insert(codes.map((code) => ({ supplierId: id, deliveryAreaId: areaId(code) })));
  }
  const [dispatcher] = await trx('users').where({ username: 'regional_dispatcher' }).select('id');
  await trx('userDeliveryAreas').insert(['SH-PD', 'SH-MH'].map((code) => ({ userId: dispatcher.id, deliveryAreaId: areaId(code) })));
  await seedDemoOrders(trx);
}

/** One active user per role, named after the role, all with the demo password; then the sample data. */
export async function seedDemoData(db: Knex, config: Config, options: { sampleData: boolean }): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, config.passwordHashCost);
  await db.transaction(async (trx) => {
    await trx('users').insert(ROLES.map((role) => ({
      username: role,
      passwordHash,
      firstName: DEMO_NAMES[role][0],
      lastName: DEMO_NAMES[role][1],
      role,
      status: 'active',
      email: `${role.replace('_', '.')}@example.com`,
    })));
    if (options.sampleData) await seedSampleData(trx);
  });
}
