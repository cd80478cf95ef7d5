import type { Knex } from 'knex';
import { serverTimeZone } from '../api/src/monitoring/periods';
import { demoClock, HOUR, type DemoClock } from './demoClock';
import {
  DELETED_SUPPLIER, DELETED_WAREHOUSE, DELIVERY_AREAS, DEMO_STAFF, MORE_STAFF, PENDING_STAFF, SUPPLIERS, USER_AGENTS,
  VEHICLE_TYPES, WAREHOUSES, staffRow, type StaffMember,
} from './demoMasterData';
import { orderStory } from './demoOrders';
import { seedRateCards } from './demoRateCards';
import { randomSource, type Random } from './demoRandom';
import { seedReportSnapshots } from './demoReports';

type Row = Record<string, unknown>;

/** Appends one activity-log row, as the API's logActivity would have written it at `at`. */
export type Log = (userId: number, at: Date, action: string, entityType: string, entityId: number | null,
  changes: Row | null) => void;

/** What every part of the company's story works with. */
interface Company {
  trx: Knex.Transaction;
  clock: DemoClock;
  random: Random;
  log: Log;
  idOf: (member: StaffMember) => number;
  team: readonly StaffMember[];
  admin: number;
  manager: number;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * One INSERT for all the rows of a table: they travel as one JSON parameter that PostgreSQL spreads
 * into the table's row type (many thousands of bound values would cost far more to send and parse).
 */
async function insertRows(trx: Knex.Transaction, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const json = rows.map((row) => Object.fromEntries(Object.entries(row).map(([field, value]) =>
    [snakeCase(field), Buffer.isBuffer(value) ? `\\x${value.toString('hex')}` : value])));
  const columns = [...new Set(json.flatMap((row) => Object.keys(row)))];
  const list = columns.map(() => '??').join(', ');
  await trx.raw(`insert into ?? (${list}) select ${list} from json_populate_recordset(null::??, ?)`,
    [table, ...columns, ...columns, table, JSON.stringify(json)]);
}

/** Rows inserted with their own ids leave the id sequence behind: move it past them. */
const syncSequence = (trx: Knex.Transaction, table: string) =>
  trx.raw(`select setval(pg_get_serial_sequence(?, 'id'), (select max(id) from ??))`, [table, table]);

/** Before/after pairs of a record created with these fields, as the API logs a create. */
const createdFields = (record: Row): Row => Object.fromEntries(Object.entries(record)
  .filter(([, value]) => value !== null && value !== undefined).map(([field, after]) => [field, { before: null, after }]));

/** The staff (and the registration still waiting), each signing in from their own office machine. */
async function seedStaff(trx: Knex.Transaction, passwordHash: string, clock: DemoClock, setup: Date) {
  const team = [...DEMO_STAFF, ...MORE_STAFF];
  const registered = new Date(clock.at(-2, 20.25));
  const rows = [...team.map((member) => ({ ...staffRow(member, passwordHash), createdAt: setup, updatedAt: setup })),
    { ...staffRow(PENDING_STAFF, passwordHash), status: 'pending', createdAt: registered, updatedAt: registered }];
  const inserted: Array<{ id: number; username: string }> = await trx('users').insert(rows).returning(['id', 'username']);
  const idOf = (member: StaffMember) => inserted.find((u) => u.username === member.username)!.id;
  const people = new Map([...team, PENDING_STAFF].map((member, i) => [idOf(member), {
    username: member.username, ip: `10.20.${i + 1}.${101 + i}`, userAgent: USER_AGENTS[i % USER_AGENTS.length] }]));
  return { team, idOf, people, registered };
}

/**
 * Master data, entered by the administrator in the days before the first order; later a supplier
 * stopped, a phone number changed, and a duplicate supplier and a closed warehouse went to the trash.
 */
async function seedMasterData({ trx, clock, log, idOf, team, admin, manager }: Company, setup: Date) {
  const at = (minutes: number) => new Date(setup.getTime() + minutes * 60_000);
  const stamp = (when: Date) => ({ createdAt: when, updatedAt: when });
  const areaRows = DELIVERY_AREAS.map(({ code, name, region, description }) => ({ code, name, region, description }));
  const areas: Array<{ id: number; code: string }> = await trx('deliveryAreas')
    .insert(areaRows.map((area, i) => ({ ...area, ...stamp(at(30 + i)) }))).returning(['id', 'code']);
  areas.forEach((area, i) => log(admin, at(30 + i), 'create', 'delivery_area', area.id, createdFields(areaRows[i])));
  const areaId = (code: string) => areas.find((a) => a.code === code)!.id;

  const warehouseRows = [...WAREHOUSES, DELETED_WAREHOUSE];
  const warehouses: Array<{ id: number; code: string }> = await trx('warehouses')
    .insert(warehouseRows.map((w, i) => ({ ...w, ...stamp(at(60 + i)) }))).returning(['id', 'code']);
  warehouses.forEach((w, i) => log(admin, at(60 + i), 'create', 'warehouse', w.id, createdFields(warehouseRows[i])));
  const warehouseId = (code: string) => warehouses.find((w) => w.code === code)!.id;

  const typeRows = VEHICLE_TYPES.map(({ code, name, capacityTons, volumeCbm, description }) =>
    ({ code, name, capacityTons, volumeCbm, description }));
  const vehicleTypeIds: number[] = (await trx('vehicleTypes')
    .insert(typeRows.map((type, i) => ({ ...type, ...stamp(at(80 + i)) }))).returning('id'))
    .map((row: { id: number }) => row.id);
  vehicleTypeIds.forEach((id, i) => log(admin, at(80 + i), 'create', 'vehicle_type', id, createdFields(typeRows[i])));

  const supplierIds: number[] = [];
  for (const [i, { areas: codes, ...supplier }] of [...SUPPLIERS, DELETED_SUPPLIER].entries()) {
    const duplicate = i === SUPPLIERS.length;
    const when = duplicate ? new Date(clock.at(-20, 14.5)) : at(24 * 60 + 10 * i);
    const [{ id }] = await trx('suppliers').insert({ ...supplier, status: 'active', ...stamp(when) }).returning('id');
    supplierIds.push(id);
    await trx('supplierServiceAreas').insert(codes.map((code) => ({ supplierId: id, deliveryAreaId: areaId(code) })));
    log(duplicate ? manager : admin, when, 'create', 'supplier', id,
      createdFields({ ...supplier, status: 'active', serviceAreaIds: codes.map(areaId) }));
  }

  await trx('userDeliveryAreas').insert(team.flatMap((member) => (member.areas ?? [])
    .map((code) => ({ userId: idOf(member), deliveryAreaId: areaId(code) }))));
  for (const [i, member] of team.entries()) {
    const { passwordHash: _secret, ...fields } = staffRow(member, '');
    log(admin, at(5 + i), 'create', 'user', idOf(member),
      createdFields({ ...fields, deliveryAreaIds: (member.areas ?? []).map(areaId) }));
  }

  const stopped = new Date(clock.at(-200, 11));
  const inactive = supplierIds[SUPPLIERS.findIndex((s) => s.status === 'inactive')];
  await trx('suppliers').where({ id: inactive }).update({ status: 'inactive', version: 2, updatedAt: stopped });
  log(manager, stopped, 'update', 'supplier', inactive, { status: { before: 'active', after: 'inactive' } });
  const rephoned = new Date(clock.at(-60, 15));
  await trx('suppliers').where({ id: supplierIds[1] }).update({ version: 2, updatedAt: rephoned });
  log(manager, rephoned, 'update', 'supplier', supplierIds[1],
    { contactPhone: { before: '+86 755 8611 2000', after: SUPPLIERS[1].contactPhone } });
  const trash = async (table: string, entityType: string, id: number, label: Row, by: number, when: Date) => {
    await trx(table).where({ id }).update({ deletedAt: when, deletedBy: by, version: 2, updatedAt: when });
    log(by, when, 'delete', entityType, id, Object.fromEntries(Object.entries(label)
      .map(([field, before]) => [field, { before, after: null }])));
  };
  await trash('suppliers', 'supplier', supplierIds.at(-1)!, { name: DELETED_SUPPLIER.name }, manager,
    new Date(clock.at(-20, 14.75)));
  await trash('warehouses', 'warehouse', warehouseId(DELETED_WAREHOUSE.code), { code: DELETED_WAREHOUSE.code }, admin,
    new Date(clock.at(-45, 16)));
  return { areaId, warehouseId, vehicleTypeIds, supplierIds };
}

/** The orders of the last 13 months, and a booking entered twice three days ago whose copy went to the trash. */
async function seedOrders(company: Company, master: Awaited<ReturnType<typeof seedMasterData>>) {
  const { trx, clock, random, log, idOf, team, manager } = company;
  const { areaId, warehouseId, vehicleTypeIds, supplierIds } = master;
  const billerIds = team.filter((m) => m.role === 'biller').map(idOf);
  const rateCards = await seedRateCards(trx, clock, log, billerIds[0], master);
  const dispatcherOf = (code: string) => idOf(team.find((m) => m.areas?.includes(code))!);
  const story = orderStory({
    areas: DELIVERY_AREAS.map((a) => ({ id: areaId(a.code), share: a.share, lateness: a.lateness,
      dispatcherId: dispatcherOf(a.code),
      from: a.from.map(([code, transitDays]) => ({ warehouseId: warehouseId(code), transitDays })) })),
    suppliers: SUPPLIERS.map((s, i) => ({ id: supplierIds[i], active: s.status === 'active',
      areaIds: s.areas.map(areaId) })),
    vehicleTypes: VEHICLE_TYPES.map((v, i) => ({ id: vehicleTypeIds[i], share: v.share, buy: v.buy })),
    teamLeaderIds: team.filter((m) => m.role === 'team_leader').map(idOf),
    managerId: manager,
    billerIds,
    rateCards,
  }, clock, random, log);

  const original = story.orders.find((o) => (o.createdAt as Date).getTime() >= clock.midnight(-3))!;
  const by = original.createdBy as number;
  const created = new Date((original.createdAt as Date).getTime() + 20 * 60_000);
  const deleted = new Date(created.getTime() + 35 * 60_000);
  const copy = { ...original, id: story.orders.length + 1, status: 'booking_received', completionDate: null,
    basePurchasePrice: null, haulingBuyPrice: null, foulTripBuyPrice: null, baseSalePrice: null, haulingSalePrice: null,
    foulTripSalePrice: null, version: 2, createdAt: created, updatedAt: deleted, deletedAt: deleted, deletedBy: by };
  const { mtmNumber, dnNumber } = original;
  log(by, created, 'create', 'order', copy.id, createdFields({ mtmNumber, dnNumber }));
  log(by, deleted, 'delete', 'order', copy.id, { mtmNumber: { before: mtmNumber, after: null } });

  await insertRows(trx, 'orders', [...story.orders, copy]);
  await insertRows(trx, 'order_events', [...story.events,
    { orderId: copy.id, fromStatus: null, toStatus: 'booking_received', userId: by, at: created }]);
  await insertRows(trx, 'order_attachments', story.attachments);
  await syncSequence(trx, 'orders');
  await syncSequence(trx, 'order_attachments');
}

/** Sign-ins (a few failed, some with a sign-out) on the days each person worked; everyone is signed in today. */
async function seedLogins({ trx, clock, random, log, idOf, team }: Company) {
  const presence: Partial<Record<StaffMember['role'], number>> = { admin: 0.5, director: 0.6 };
  const lastLogin = new Map<number, Date>();
  for (let day = clock.firstDay - 10; day <= 0; day += 1) {
    const weekday = new Date(clock.midnight(day)).getDay();
    for (const member of team) {
      const works = weekday !== 0 && (weekday !== 6 || member.role === 'regional_dispatcher');
      if (!works || !(day === 0 || random.chance(presence[member.role] ?? 0.9))) continue;
      const id = idOf(member);
      const story = clock.at(day, random.between(8.2, 9.8));
      const at = clock.happened(story)!;
      if (random.chance(0.01)) {
        log(id, new Date(at.getTime() - 60_000), 'login_failed', 'user', id, { username: member.username });
      }
      log(id, at, 'login', 'user', id, null);
      lastLogin.set(id, at);
      // Nobody has gone home yet today.
      if (day < 0 && random.chance(0.35)) log(id, new Date(story + random.between(8, 10) * HOUR), 'logout', 'user', id, null);
    }
  }
  for (const [id, at] of lastLogin) await trx('users').where({ id }).update({ lastLoginAt: at });
}

/** Filter presets the team saved on the order list. */
async function seedSavedFilters({ trx, clock, log, idOf, manager }: Company, areaId: (code: string) => number) {
  const leader = idOf(DEMO_STAFF.find((m) => m.role === 'team_leader')!);
  const dispatcher = idOf(DEMO_STAFF.find((m) => m.role === 'regional_dispatcher')!);
  const presets = [
    { userId: leader, name: '深圳南山 · 运输中',
      filter: { deliveryAreaId: areaId('SZ-NS'), status: ['in_transit', 'vehicle_breakdown'] } },
    { userId: leader, name: '提货延误', filter: { delayed: 'pulling_out' } },
    { userId: manager, name: 'MOS 延误', filter: { delayed: 'mos' } },
    { userId: dispatcher, name: '待上传签收单', filter: { status: ['awaiting_pod_upload'] } },
  ];
  for (const [i, preset] of presets.entries()) {
    const at = new Date(clock.at(-30 + i * 6, 10 + i));
    const [{ id }] = await trx('savedFilters')
      .insert({ ...preset, resource: 'orders', filter: JSON.stringify(preset.filter), createdAt: at }).returning('id');
    log(preset.userId, at, 'create', 'saved_filter', id, createdFields({ name: preset.name, filter: preset.filter }));
  }
}

/**
 * The full demo company (README: "npm start"): master data in one language per field, the team,
 * 13 months of orders up to today, the activity log they left, a few records in the trash, saved
 * filters, a pending registration and the report snapshots of past nights.
 */
export async function seedDemoCompany(trx: Knex.Transaction, passwordHash: string, now: Date): Promise<void> {
  const clock = demoClock(now);
  const setup = new Date(clock.at(clock.firstDay - 10, 9));
  const { team, idOf, people, registered } = await seedStaff(trx, passwordHash, clock, setup);
  const activity: Row[] = [];
  const log: Log = (userId, at, action, entityType, entityId, changes) => activity.push({ userId,
    username: people.get(userId)!.username, action, entityType, entityId: entityId === null ? null : String(entityId),
    changes, ip: people.get(userId)!.ip, userAgent: people.get(userId)!.userAgent, at });
  const company: Company = { trx, clock, random: randomSource(20261123), log, idOf, team, admin: idOf(DEMO_STAFF[0]),
    manager: idOf(DEMO_STAFF.find((m) => m.role === 'manager')!) };

  const master = await seedMasterData(company, setup);
  await seedOrders(company, master);
  await seedLogins(company);
  await seedSavedFilters(company, master.areaId);
  const pending = idOf(PENDING_STAFF);
  log(pending, registered, 'register', 'user', pending,
    { username: PENDING_STAFF.username, role: PENDING_STAFF.role, status: 'pending' });
  await seedReportSnapshots(trx, clock, serverTimeZone(), company.admin, log);
  activity.sort((a, b) => (a.at as Date).getTime() - (b.at as Date).getTime());
  await insertRows(trx, 'activity_logs', activity);
}
