import type { ModuleMessages } from '../catalogs';

/**
 * Delivery notes, labels and scanning (docs/printing-and-scanning.md): the print dialog, the
 * printed pages and the scanner's answers.
 */
const messages: ModuleMessages = {
  cn: {
    printing: {
      action: '打印',
      title: '打印送货单或标签',
      layout: '版式',
      layouts: {
        delivery_notes: '送货单（A4，每单一页）',
        labels: '标签（100 × 150 毫米）',
      },
      orders: '要打印的订单',
      will_print: '将打印 %{smart_count} 页',
      none: '请勾选或扫描至少一个订单',
      too_many: '一次最多打印 %{max} 个订单，已选择 %{smart_count} 个，请减少选择',
      print: '打印',
      preparing: '准备中…',
      loading: '正在读取订单…',
      preview: '预览（第一页）',
      hint: '在打印窗口中可选择打印机，或“另存为 PDF”。',
      company_name: '物流提货配送管理',
      note_title: '送货单',
      label_title: '货物标签',
      fields: {
        mtm: 'MTM 号',
        dn: 'DN 号',
        supplier: '供应商',
        warehouse: '提货仓库',
        area: '配送区域',
        vehicle_type: '车型',
        pickup_date: '提货日期',
        mos_date: 'MOS 日期',
        assigned: '负责人',
        notes: '备注',
      },
      signatures: {
        driver: '司机签字',
        receiver: '收货人签字',
        date: '日期',
      },
    },
    scan: {
      field: '扫描 DN 或 MTM 号',
      field_hint: '扫码，或输入后按回车',
      unknown: '未找到号码为 %{code} 的订单',
      not_completed: '订单 %{mtm} 尚未完成，不能在此修改完成日期',
      ticked: '已勾选订单 %{mtm}',
      camera: '用摄像头扫描',
      camera_title: '将条码或二维码对准摄像头',
      camera_failed: '无法打开摄像头',
    },
  },
  en: {
    printing: {
      action: 'Print',
      title: 'Print delivery notes or labels',
      layout: 'Layout',
      layouts: {
        delivery_notes: 'Delivery notes (A4, one page per order)',
        labels: 'Labels (100 × 150 mm)',
      },
      orders: 'Orders to print',
      will_print: '1 page will print |||| %{smart_count} pages will print',
      none: 'Tick or scan at least one order',
      too_many: 'At most %{max} orders print at once; %{smart_count} are selected. Select fewer.',
      print: 'Print',
      preparing: 'Preparing…',
      loading: 'Reading the orders…',
      preview: 'Preview (first page)',
      hint: 'The print window lets you pick a printer or "Save as PDF".',
      company_name: 'Logistics Pickup & Delivery',
      note_title: 'Delivery note',
      label_title: 'Shipping label',
      fields: {
        mtm: 'MTM number',
        dn: 'DN number',
        supplier: 'Supplier',
        warehouse: 'Pickup warehouse',
        area: 'Delivery area',
        vehicle_type: 'Vehicle type',
        pickup_date: 'Pickup date',
        mos_date: 'MOS date',
        assigned: 'Assigned to',
        notes: 'Notes',
      },
      signatures: {
        driver: 'Driver\'s signature',
        receiver: 'Receiver\'s signature',
        date: 'Date',
      },
    },
    scan: {
      field: 'Scan a DN or MTM number',
      field_hint: 'Scan, or type and press Enter',
      unknown: 'No order has the number %{code}',
      not_completed: 'Order %{mtm} is not completed: its completion date cannot be set here',
      ticked: 'Order %{mtm} ticked',
      camera: 'Scan with the camera',
      camera_title: 'Hold the barcode or QR code in front of the camera',
      camera_failed: 'The camera could not be opened',
    },
  },
};
export default messages;
