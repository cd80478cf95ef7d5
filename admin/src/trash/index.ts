import { placeholderResource } from '../pages/coming-soon/placeholderResource';

/** The trash resource: list, create, edit (placeholder until its screens land). */
export default placeholderResource('menu.trash');
