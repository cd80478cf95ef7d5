import type { Knex } from 'knex';
import type { DemoClock } from './demoClock';
import type { Log } from './demoCompany';
import { DELIVERY_AREAS, SUPPLIERS, VEHICLE_TYPES } from './demoMasterData';

type Row = Record<string, unknown>;

/** A rate card of the demo, as the order story prices orders by it. */
export interface DemoRateCard {
  id: number;
  name: string;
  supplierId: number;
  vehicleTypeId: number | null;
  deliveryAreaId: number | null;
  validFrom: string;
  /** When the biller entered it: it prices orders completed from then on. */
  createdAt: Date;
  prices: Row;
}

const yuan = (amount: number) => (Math.round(amount / 10) * 10).toFixed(2);

/** A vehicle's going rate on a card: about what a one-day run costs, sold with a margin. */
function cardPrices(buy: number, discount = 1): Row {
  const purchase = buy * 1.6 * discount;
  return { basePurchasePrice: yuan(purchase), haulingBuyPrice: '150.00', foulTripBuyPrice: null,
    baseSalePrice: yuan(purchase * 1.22), haulingSalePrice: '190.00', foulTripSalePrice: null };
}

/**
 * Rate cards for most supplier / vehicle-type pairs of the active suppliers (one pair in four has
 * none: its orders are priced by hand), one supplier-wide card and one for a supplier's vehicle in
 * one area (docs/pricing.md#rate-cards). Valid from 75 days ago, entered by a biller 30 days ago:
 * orders completed since were priced by their card at completion; older unpriced orders wait for
 * "Apply rate cards".
 */
export async function seedRateCards(trx: Knex.Transaction, clock: DemoClock, log: Log, billerId: number,
  ids: { supplierIds: readonly number[]; vehicleTypeIds: readonly number[]; areaId: (code: string) => number }): Promise<DemoRateCard[]> {
  const validFrom = clock.date(-75);
  const cards: Array<Omit<DemoRateCard, 'id' | 'createdAt'>> = [];
  SUPPLIERS.forEach((supplier, i) => {
    if (supplier.status !== 'active') return;
    const short = supplier.shortName ?? supplier.name;
    VEHICLE_TYPES.forEach((vehicle, j) => {
      if ((i + j) % 4 === 3) return;
      cards.push({ name: `${short} · ${vehicle.name}`, supplierId: ids.supplierIds[i], vehicleTypeId: ids.vehicleTypeIds[j],
        deliveryAreaId: null, validFrom, prices: cardPrices(vehicle.buy) });
    });
  });
  const [first] = SUPPLIERS;
  cards.push({ name: `${first.shortName} · 通用`, supplierId: ids.supplierIds[0], vehicleTypeId: null, deliveryAreaId: null,
    validFrom, prices: cardPrices(VEHICLE_TYPES[1].buy, 1.1) });
  const area = DELIVERY_AREAS.find((a) => a.code === first.areas[0])!;
  cards.push({ name: `${first.shortName} · ${VEHICLE_TYPES[1].name} · ${area.name}`, supplierId: ids.supplierIds[0],
    vehicleTypeId: ids.vehicleTypeIds[1], deliveryAreaId: ids.areaId(first.areas[0]), validFrom, prices: cardPrices(VEHICLE_TYPES[1].buy, 0.95) });

  const seeded: DemoRateCard[] = [];
  for (const [k, { prices, ...card }] of cards.entries()) {
    const createdAt = new Date(clock.at(-30, 10 + k * 0.05));
    const [{ id }] = await trx('rateCards').insert({ ...card, ...prices, createdAt, updatedAt: createdAt }).returning('id');
    seeded.push({ id, ...card, prices, createdAt });
    log(billerId, createdAt, 'create', 'rate_card', id, Object.fromEntries(Object.entries({ ...card, ...prices })
      .filter(([, value]) => value !== null).map(([field, after]) => [field, { before: null, after }])));
  }
  return seeded;
}

/** The card that prices an order completed at `completedAt`: the most specific one valid on its pickup date and entered by then. */
export function demoCardFor(cards: readonly DemoRateCard[], order: Row, completedAt: Date): DemoRateCard | undefined {
  return cards.filter((card) => card.supplierId === order.supplierId && card.createdAt <= completedAt
    && card.validFrom <= (order.pickupDate as string)
    && (card.vehicleTypeId === null || card.vehicleTypeId === order.vehicleTypeId)
    && (card.deliveryAreaId === null || card.deliveryAreaId === order.deliveryAreaId))
    .sort((a, b) => Number(b.vehicleTypeId !== null) - Number(a.vehicleTypeId !== null)
      || Number(b.deliveryAreaId !== null) - Number(a.deliveryAreaId !== null))[0];
}
