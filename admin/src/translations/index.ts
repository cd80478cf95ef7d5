import { placeholderResource } from '../pages/coming-soon/placeholderResource';

/** The translations resource: list, create, edit (placeholder until its screens land). */
export default placeholderResource('menu.translations');
