import { placeholderResource } from '../pages/coming-soon/placeholderResource';

/** The suppliers resource: list, create, edit (placeholder until its screens land). */
export default placeholderResource('menu.suppliers');
