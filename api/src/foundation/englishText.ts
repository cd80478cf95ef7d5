import { bundledCatalogs, type Catalog } from '@kernel/i18n/catalogs';

/**
 * A text of the kernel's English catalog by its dotted id ('validation.required'): an API answer
 * that must read as the screen does takes the customer's words from there, where they are stated once.
 */
export function englishText(id: string): string {
  const text = id.split('.').reduce<Catalog | string | undefined>(
    (node, name) => (node !== undefined && typeof node === 'object' ? node[name] : undefined), bundledCatalogs.en);
  if (typeof text !== 'string') throw new Error(`No English text ${id} in the kernel's catalog`);
  return text;
}
