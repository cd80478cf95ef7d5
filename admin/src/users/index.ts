import { placeholderResource } from '../pages/coming-soon/placeholderResource';

/** The users resource: list, create, edit (placeholder until its screens land). */
export default placeholderResource('menu.users');
