import { placeholderResource } from '../pages/coming-soon/placeholderResource';

/** The delivery-areas resource: list, create, edit (placeholder until its screens land). */
export default placeholderResource('menu.delivery_areas');
