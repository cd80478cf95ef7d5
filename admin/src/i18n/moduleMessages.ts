import activityLogs from '../activity-logs/messages';
import deliveryAreas from '../delivery-areas/messages';
import orders from '../orders/messages';
import batchModification from '../pages/batch-modification/messages';
import monitoringDashboard from '../pages/monitoring-dashboard/messages';
import permissions from '../pages/permissions/messages';
import pricing from '../pages/pricing/messages';
import processMonitoring from '../pages/process-monitoring/messages';
import reports from '../pages/reports/messages';
import translationImport from '../pages/translation-import/messages';
import suppliers from '../suppliers/messages';
import translations from '../translations/messages';
import trash from '../trash/messages';
import users from '../users/messages';
import vehicleTypes from '../vehicle-types/messages';
import warehouses from '../warehouses/messages';

/** Each module keeps its texts beside its screens; the catalogs merge them all. */
export const MODULE_MESSAGES = [
  orders, suppliers, warehouses, vehicleTypes, deliveryAreas, users, translations, activityLogs, trash, permissions,
  translationImport, batchModification, pricing, processMonitoring, monitoringDashboard, reports,
];
