import type { ModuleMessages } from '../i18n/catalogs';

/** This module's texts, merged into the catalogs (cn and en must hold the same keys). */
const messages: ModuleMessages = { cn: {}, en: {} };
export default messages;
