/**
 * The fields a supplier must have besides its name (only the short name and the website
 * are optional: docs/admin-screens.md#forms-and-their-messages): spread into every supplier a test creates.
 */
export const SUPPLIER_CONTACT = {
  contactPerson: '陈刚',
  contactPhone: '+86 21 6123 4567',
  contactEmail: 'ops@carrier.example',
  address: '上海市闵行区申长路 990 号',
};
