import { placeholderResource } from '../pages/coming-soon/placeholderResource';

/** The activity-logs resource: list, create, edit (placeholder until its screens land). */
export default placeholderResource('menu.activity_logs');
