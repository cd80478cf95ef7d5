import { walkRoutes } from '../helpers/routeWalk';

walkRoutes('en');
