import type { OrderStatus } from '@kernel/orders/statusFlow';
import { HOUR, type DemoClock } from './demoClock';
import { FOUL_TRIP_NOTE, ORDER_NOTES } from './demoMasterData';
import type { Log } from './demoCompany';
import { demoCardFor, type DemoRateCard } from './demoRateCards';
import type { Random } from './demoRandom';

type Row = Record<string, unknown>;
const DAY = 24 * HOUR;

/** The master data an order is made of, by database id. */
export interface OrderWorld {
  areas: ReadonlyArray<{ id: number; share: number; lateness: number; dispatcherId: number;
    from: ReadonlyArray<{ warehouseId: number; transitDays: number }> }>;
  suppliers: ReadonlyArray<{ id: number; active: boolean; areaIds: readonly number[] }>;
  vehicleTypes: ReadonlyArray<{ id: number; share: number; buy: number }>;
  teamLeaderIds: readonly number[];
  managerId: number;
  billerIds: readonly number[];
  rateCards: readonly DemoRateCard[];
}

/** Bookings per day: a growing business, quiet weekends, the Spring Festival lull and the Double 11 peak. */
const MONTH_FACTOR = [0.95, 0.7, 1, 1, 1, 1.05, 1, 1, 1.05, 0.9, 1.25, 1.1];
const WEEKDAY_FACTOR = [0.3, 1, 1, 1, 1, 1, 0.5];
const CANCEL_NOTES = ['客户取消订单', '货物未备齐，客户改期重新下单', '收货方临时取消'];

const DEMO_PDF = (what: string) => Buffer.from(`%PDF-1.4\n% demo ${what}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const POD_FILE = DEMO_PDF('proof of delivery');
const RECEIPT_FILE = DEMO_PDF('signed receipt');

const yuan = (amount: number) => (Math.round(amount / 10) * 10).toFixed(2);

/** The six prices a biller types for a run whose purchase costs about `buy`. */
function typedPrices(buy: number, foulTrip: boolean, random: Random): Row {
  const purchase = buy * random.between(0.9, 1.15);
  const sale = purchase * random.between(1.12, 1.32);
  const hauling = random.chance(0.25) ? random.between(80, 300) : 0;
  return {
    basePurchasePrice: yuan(purchase),
    haulingBuyPrice: hauling ? yuan(hauling) : null,
    foulTripBuyPrice: foulTrip ? yuan(purchase * 0.3) : null,
    baseSalePrice: yuan(sale),
    haulingSalePrice: hauling ? yuan(hauling * 1.25) : null,
    foulTripSalePrice: foulTrip ? yuan(sale * 0.3) : null,
  };
}

/** One step of an order's timeline, at a moment of the story. */
interface Step {
  status: OrderStatus;
  story: number;
  note?: string;
}

export interface OrderStory {
  orders: Row[];
  events: Row[];
  attachments: Row[];
}

/**
 * Every order of the last 13 months, from booking to wherever it has got by now: its timeline
 * (order_events), its POD and receipt, its prices, and the activity-log rows the API would have
 * written along the way (create, status_change, upload, update). Orders are numbered by booking
 * time, so ids follow created_at.
 */
export function orderStory(world: OrderWorld, clock: DemoClock, random: Random, logActivity: Log): OrderStory {
  const story: OrderStory = { orders: [], events: [], attachments: [] };
  const log = (userId: number, at: Date, action: string, orderId: number, changes: Row) =>
    logActivity(userId, at, action, 'order', orderId, changes);
  const { firstDay } = clock;
  let id = 0;
  for (let day = firstDay; day <= 0; day += 1) {
    const date = new Date(clock.midnight(day));
    const growth = 7 + 6 * ((day - firstDay) / -firstDay);
    const count = Math.round(growth * MONTH_FACTOR[date.getMonth()] * WEEKDAY_FACTOR[date.getDay()]
      * random.between(0.85, 1.15));
    for (let n = 0; n < count; n += 1) {
      id += 1;
      // Express orders (the first two of each day, and a few more) are picked up and delivered within
      // the city the day they are booked: completions every day, today included.
      const express = n < 2 || random.chance(0.05);
      const areas = express ? world.areas.filter((a) => a.from.some((r) => r.transitDays === 0)) : world.areas;
      const area = random.weighted(areas.map((a) => [a, a.share] as const));
      const route = random.pick(express ? area.from.filter((r) => r.transitDays === 0) : area.from);
      const suppliers = world.suppliers.filter((s) => s.areaIds.includes(area.id) && (s.active || day < -200));
      const vehicle = random.weighted(world.vehicleTypes.map((v) => [v, v.share] as const));
      const assignedUserId = random.chance(0.65) ? area.dispatcherId : random.pick(world.teamLeaderIds);
      const createdBy = random.weighted([[assignedUserId, 6], [random.pick(world.teamLeaderIds), 3],
        [world.managerId, 1]]);
      const lead = express ? 0 : random.weighted([[0, 10], [1, 25], [2, 25], [3, 20], [4, 12], [5, 8]]);
      const foulTrip = !express && random.chance(0.04);
      const pickupSlip = express ? 0 : (random.chance(area.lateness) ? random.int(1, 5) : 0) + (foulTrip ? 1 : 0);
      // Now and then a supplier leaves a booking unconfirmed for days.
      const unconfirmedDays = !express && random.chance(0.015) ? random.int(4, 20) : 0;
      const transitSlip = !express && random.chance(area.lateness * 0.6) ? random.int(1, 2) : 0;
      const breakdown = !express && random.chance(route.transitDays > 0 ? 0.12 : 0.03);
      const podLagDays = !express && random.chance(0.04) ? random.int(3, 25) : 0;
      const cancelAfter = !express && random.chance(0.03) ? random.int(0, 4) : -1;
      const hours = (min: number, max: number) => random.between(min, max) * HOUR;

      // The timeline as it was planned and as it went, in story time.
      const booked = clock.at(day, express ? random.between(8, 9.5) : random.between(8.5, 18));
      const steps: Step[] = [{ status: 'booking_received', story: booked }];
      const next = (status: OrderStatus, story: number, note?: string) => steps.push({ status, story, note });
      const last = () => steps[steps.length - 1].story;
      // The office steps happen in office hours; trucks and drivers keep their own time.
      const office = (status: OrderStatus, after: number) => next(status, clock.officeHours(last() + after));
      office('awaiting_supplier_confirmation', express ? hours(0.2, 0.7) : hours(0.3, 20));
      office('awaiting_receiver_confirmation', (express ? hours(0.2, 0.7) : hours(0.5, 16)) + unconfirmedDays * DAY);
      office('awaiting_vehicle_departure', express ? hours(0.2, 0.7) : hours(0.5, 8));
      // The truck comes on the (slipped) pickup day, or once the booking is finally confirmed.
      const pickupDay = Math.max(day + lead + pickupSlip, Math.floor((last() - clock.midnight(0)) / DAY));
      const truckArrives = clock.at(pickupDay, express ? random.between(9, 11) : random.between(7.5, 17));
      next('vehicle_arrived_warehouse', Math.max(last() + 0.5 * HOUR, truckArrives), foulTrip ? FOUL_TRIP_NOTE : undefined);
      // Some trucks are loaded overnight and leave the next morning; some wait overnight to unload.
      const loadedOvernight = !express && random.chance(0.3);
      next('in_transit', last() + (express ? hours(0.5, 1.5) : loadedOvernight ? hours(13, 17) : hours(0.5, 3)));
      if (breakdown) {
        next('vehicle_breakdown', last() + hours(2, 8), '车辆故障，等待维修');
        next('in_transit', last() + hours(24, 72), '维修完成，继续运输');
      }
      const arrival = route.transitDays === 0 && transitSlip === 0
        ? last() + hours(1.5, 3)
        : Math.max(last() + 2 * HOUR, clock.at(pickupDay + route.transitDays + transitSlip, random.between(8, 15)));
      next('awaiting_delivery', arrival);
      const unloadedNextMorning = !express && random.chance(0.4);
      next('awaiting_pod_upload', last()
        + (express ? hours(0.5, 1.5) : unloadedNextMorning ? hours(12, 18) : hours(0.5, 3)));
      // Drivers upload a photo of the signed POD at once or bring the paper back the next day.
      const podUpload = last() + (express || random.chance(0.4) ? hours(0.2, 1) : hours(3, 30)) + podLagDays * DAY;
      next('completed', clock.officeHours(podUpload + (express ? hours(0.2, 1) : hours(0.2, 6))));
      if (cancelAfter >= 0) {
        steps.splice(cancelAfter + 1);
        next('cancelled', last() + random.between(1, 30) * HOUR, random.pick(CANCEL_NOTES));
      }

      // What has happened by now: the clock keeps the order of the steps, so they are a prefix.
      // The booking itself is always in the past: today's bookings happen within the part of today gone by.
      const reached = steps.map((s) => ({ ...s, at: clock.happened(s.story) }))
        .filter((s): s is Step & { at: Date } => s.at !== null);
      const status = reached[reached.length - 1].status;
      const completedAt = status === 'completed' ? reached[reached.length - 1].at : null;
      const pickupDate = clock.date(day + lead);
      const mtmNumber = `MTM${clock.date(day).slice(2).replaceAll('-', '')}${String(n + 1).padStart(3, '0')}`;
      const dnNumber = `DN${4500100000 + id * 37 + random.int(0, 30)}`;
      const order: Row = {
        id, mtmNumber, dnNumber,
        supplierId: random.pick(suppliers).id,
        pickupWarehouseId: route.warehouseId,
        vehicleTypeId: vehicle.id,
        deliveryAreaId: area.id,
        assignedUserId,
        pickupDate,
        mosDate: clock.date(day + lead + route.transitDays + (route.transitDays > 0 ? 1 : 0)),
        notes: foulTrip ? FOUL_TRIP_NOTE : random.chance(0.15) ? random.pick(ORDER_NOTES) : null,
        status,
        completionDate: completedAt,
        createdBy,
        createdAt: reached[0].at,
        updatedAt: reached[reached.length - 1].at,
        version: reached.length,
      };
      const created: Row = { mtmNumber, dnNumber, supplierId: order.supplierId, pickupWarehouseId: route.warehouseId,
        vehicleTypeId: vehicle.id, deliveryAreaId: area.id, assignedUserId, pickupDate, mosDate: order.mosDate };
      if (order.notes) created.notes = order.notes;
      log(createdBy, reached[0].at, 'create', id, Object.fromEntries(Object.entries(created)
        .map(([field, after]) => [field, { before: null, after }])));
      reached.forEach((step, i) => {
        const userId = i === 0 ? createdBy : assignedUserId;
        story.events.push({ orderId: id, fromStatus: i === 0 ? null : reached[i - 1].status, toStatus: step.status,
          userId, at: step.at, note: step.note ?? null });
        if (i === 0) return;
        const changes: Row = { status: { before: reached[i - 1].status, after: step.status } };
        if (step.status === 'completed') changes.completionDate = { before: null, after: step.at.toISOString() };
        log(userId, step.at, 'status_change', id, changes);
      });

      const attach = (kind: 'pod' | 'receipt', storyAt: number, fileName: string, content: Buffer) => {
        const at = clock.happened(storyAt);
        if (!at) return;
        const attachment = { id: story.attachments.length + 1, orderId: id, kind, fileName, contentType: 'application/pdf',
          size: content.length, content, uploadedBy: assignedUserId, createdAt: at, updatedAt: at };
        story.attachments.push(attachment);
        log(assignedUserId, at, 'upload', id, { attachment: { before: null,
          after: { id: attachment.id, kind, fileName, size: content.length } } });
      };
      if (cancelAfter < 0) {
        attach('pod', podUpload, `POD-${dnNumber}.pdf`, POD_FILE);
        if (random.chance(0.55)) {
          attach('receipt', clock.officeHours(podUpload + random.between(1, 6) * DAY), `回单-${dnNumber}.pdf`, RECEIPT_FILE);
        }
      }

      // The biller prices most completed orders within a week; the rest wait on pricing management.
      const completedDay = Math.floor((steps[steps.length - 1].story - clock.midnight(0)) / DAY);
      const pricedAt = completedAt && random.chance(0.98)
        ? clock.happened(clock.at(completedDay + random.int(1, 5), random.between(9, 18)))
        : null;
      // Drawn for every priced order, so the story of the orders after it is the same with or without cards.
      const typed = pricedAt && typedPrices(vehicle.buy * (1 + 0.9 * route.transitDays), foulTrip, random);
      const biller = pricedAt && random.pick(world.billerIds);
      const card = completedAt && demoCardFor(world.rateCards, order, completedAt);
      if (card) {
        // Completed without prices: its card priced it in the completion's transaction (docs/pricing.md#rate-cards).
        Object.assign(order, card.prices, { rateCardId: card.id, version: reached.length + 1 });
        log(assignedUserId, completedAt, 'rate_card_apply', id, { ...Object.fromEntries(Object.entries(card.prices)
          .filter(([, after]) => after !== null).map(([field, after]) => [field, { before: null, after }])),
        rateCardId: { before: null, after: card.id }, rateCard: card.name });
      } else if (pricedAt && typed && biller) {
        Object.assign(order, typed, { updatedAt: pricedAt, version: reached.length + 1 });
        log(biller, pricedAt, 'update', id, Object.fromEntries(Object.entries(typed)
          .filter(([, after]) => after !== null).map(([field, after]) => [field, { before: null, after }])));
      }
      story.orders.push(order);
    }
  }
  return story;
}
