/** One row of GET /api/process-monitoring (api/src/monitoring/processMonitoring.ts): an area's late orders by delay kind. */
export interface AreaCounts {
  deliveryAreaId: number;
  code: string;
  name: string;
  pullingOut: number;
  mos: number;
  delayed: number;
}
