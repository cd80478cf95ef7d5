import { walkRoutes } from '../helpers/routeWalk';

walkRoutes('cn');
