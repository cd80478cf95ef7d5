import type { Locator, Page } from 'playwright-core';

/**
 * Types a date ('2026-11-23') or a date-time ('2026-11-23T15:30') into the date picker whose input
 * is named `name`, as a person does: section by section, in the order the UI's language writes a
 * date (the field's `data-format`: YYYY/MM/DD HH:mm in cn, MM/DD/YYYY hh:mm A in en).
 */
export async function fillDate(scope: Page | Locator, name: string, value: string): Promise<void> {
  const field = scope.locator(`[data-format]:has(input[name="${name}"])`);
  const format = (await field.getAttribute('data-format')) ?? '';
  const [, year, month, day, hours = '00', minutes = '00'] = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value) ?? [];
  if (!year) throw new Error(`fillDate: '${value}' is not YYYY-MM-DD or YYYY-MM-DDTHH:mm`);
  const hour = Number(hours);
  const typed: Record<string, string> = { YYYY: year, MM: month, DD: day, HH: hours, mm: minutes,
    hh: String(hour % 12 || 12).padStart(2, '0'), A: hour < 12 ? 'A' : 'P' };
  const sections = field.getByRole('spinbutton');
  for (const [index, token] of (format.match(/YYYY|MM|DD|HH|hh|mm|A/g) ?? []).entries()) {
    await sections.nth(index).click();
    await sections.nth(index).pressSequentially(typed[token]);
  }
}
