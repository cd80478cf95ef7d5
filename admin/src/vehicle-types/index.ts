import { placeholderResource } from '../pages/coming-soon/placeholderResource';

/** The vehicle-types resource: list, create, edit (placeholder until its screens land). */
export default placeholderResource('menu.vehicle_types');
