export { priceTotals, type PriceTotal } from '@kernel/pricing/priceTotals';
