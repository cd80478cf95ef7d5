import activityLogs from './modules/activity-logs';
import apiTokens from './modules/api-tokens';
import deliveryAreas from './modules/delivery-areas';
import errors from './modules/errors';
import live from './modules/live';
import mail from './modules/mail';
import notifications from './modules/notifications';
import orders from './modules/orders';
import orderImport from './modules/order-import';
import batchModification from './modules/batch-modification';
import bulkEdit from './modules/bulk-edit';
import monitoringDashboard from './modules/monitoring-dashboard';
import permissions from './modules/permissions';
import pricing from './modules/pricing';
import printing from './modules/printing';
import rateCards from './modules/rate-cards';
import pricingGrid from './modules/pricing-grid';
import processMonitoring from './modules/process-monitoring';
import reports from './modules/reports';
import translationImport from './modules/translation-import';
import suppliers from './modules/suppliers';
import translations from './modules/translations';
import trash from './modules/trash';
import undo from './modules/undo';
import users from './modules/users';
import vehicleTypes from './modules/vehicle-types';
import warehouses from './modules/warehouses';
import webhooks from './modules/webhooks';
import tracking from './modules/tracking';
import sessions from './modules/sessions';
import secondFactor from './modules/second-factor';

/** Each module's texts in a file of its own (modules/); the catalogs merge them all. */
export const MODULE_MESSAGES = [
  orders, suppliers, warehouses, vehicleTypes, deliveryAreas, users, translations, activityLogs, trash, permissions,
  translationImport, batchModification, pricing, processMonitoring, monitoringDashboard, reports, errors, live,
  orderImport, rateCards, bulkEdit, undo, pricingGrid, mail, printing, notifications, apiTokens, webhooks, tracking,
  sessions, secondFactor,
];
