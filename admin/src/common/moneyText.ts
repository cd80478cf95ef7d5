/** Exact money text ('12345.50' → '12,345.50'): the server's decimal string, grouped, never through a float. */
export function moneyText(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const [whole, fraction = ''] = value.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${digits}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
