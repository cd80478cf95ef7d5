import type { Role } from '@kernel/users/roles';

/** A person of the demo company: lastName is the family name (姓), firstName the given name (名), as the forms label them. */
export interface StaffMember {
  username: string;
  lastName: string;
  firstName: string;
  role: Role;
  phone: string;
  /** A regional dispatcher's delivery areas (codes). */
  areas?: readonly string[];
}

/** A users row of a staff member, active, with the demo password's hash. */
export const staffRow = (member: StaffMember, passwordHash: string) => ({
  username: member.username, passwordHash, firstName: member.firstName, lastName: member.lastName, role: member.role,
  status: 'active', email: `${member.username.replace('_', '.')}@example.com`, phone: member.phone,
});

/** The six demo logins (README, tests): one per role, username = role. */
export const DEMO_STAFF: readonly StaffMember[] = [
  { username: 'admin', lastName: '周', firstName: '婷', role: 'admin', phone: '+86 138 1762 0301' },
  { username: 'director', lastName: '张', firstName: '伟', role: 'director', phone: '+86 139 1608 2215' },
  { username: 'manager', lastName: '陈', firstName: '美', role: 'manager', phone: '+86 136 2179 4410' },
  { username: 'team_leader', lastName: '李', firstName: '军', role: 'team_leader', phone: '+86 137 6123 0582' },
  { username: 'biller', lastName: '王', firstName: '芳', role: 'biller', phone: '+86 135 0172 3396' },
  { username: 'regional_dispatcher', lastName: '刘', firstName: '浩', role: 'regional_dispatcher', phone: '+86 138 0211 7764',
    areas: ['SH-PD', 'SH-MH', 'SU-GY'] },
];

/** The rest of the team, only in the full demo data (tests count one user per role). */
export const MORE_STAFF: readonly StaffMember[] = [
  { username: 'zhao.lei', lastName: '赵', firstName: '磊', role: 'team_leader', phone: '+86 139 1744 6021' },
  { username: 'sun.li', lastName: '孙', firstName: '丽', role: 'team_leader', phone: '+86 136 7120 9935' },
  { username: 'huang.qiang', lastName: '黄', firstName: '强', role: 'regional_dispatcher', phone: '+86 137 2655 1840',
    areas: ['SZ-NS', 'GZ-TH'] },
  { username: 'wu.min', lastName: '吴', firstName: '敏', role: 'regional_dispatcher', phone: '+86 135 1098 7752',
    areas: ['BJ-CY', 'WH-DH', 'CD-WH'] },
  { username: 'zheng.jie', lastName: '郑', firstName: '洁', role: 'biller', phone: '+86 138 1930 4467' },
];

/** Someone who registered on the sign-in page and waits for an administrator. */
export const PENDING_STAFF: StaffMember = { username: 'lin.xiao', lastName: '林', firstName: '晓', role: 'team_leader',
  phone: '+86 139 2088 5174' };

/**
 * Delivery areas; `from` lists the warehouses that serve an area with their transit days (0: same
 * city, delivered the day of pickup), `lateness` how often a pickup or a delivery slips there.
 */
export const DELIVERY_AREAS = [
  { code: 'SH-PD', name: '上海浦东', region: '华东', description: '浦东新区及临港新片区', share: 18, lateness: 0.05,
    from: [['WH-SH01', 0], ['WH-SH02', 0], ['WH-SZ01', 2], ['WH-BJ01', 2]] },
  { code: 'SH-MH', name: '上海闵行', region: '华东', description: '闵行区、徐汇区南部', share: 10, lateness: 0.1,
    from: [['WH-SH02', 0], ['WH-SH01', 0], ['WH-GZ01', 2]] },
  { code: 'SU-GY', name: '苏州工业园区', region: '华东', description: '园区及吴中区', share: 10, lateness: 0.05,
    from: [['WH-SH02', 1], ['WH-SH01', 1]] },
  { code: 'SZ-NS', name: '深圳南山', region: '华南', description: '南山区、前海', share: 16, lateness: 0.35,
    from: [['WH-SZ01', 0], ['WH-GZ01', 1], ['WH-SH01', 2]] },
  { code: 'GZ-TH', name: '广州天河', region: '华南', description: '天河区、越秀区', share: 12, lateness: 0.06,
    from: [['WH-GZ01', 0], ['WH-SZ01', 1], ['WH-CD01', 2]] },
  { code: 'BJ-CY', name: '北京朝阳', region: '华北', description: '朝阳区、顺义区南部', share: 14, lateness: 0.3,
    from: [['WH-BJ01', 0], ['WH-SH02', 2], ['WH-SZ01', 3]] },
  { code: 'WH-DH', name: '武汉东湖', region: '华中', description: '东湖高新区（光谷）', share: 10, lateness: 0.08,
    from: [['WH-SH01', 2], ['WH-GZ01', 2], ['WH-CD01', 2]] },
  { code: 'CD-WH', name: '成都武侯', region: '西南', description: '武侯区、高新区', share: 10, lateness: 0.12,
    from: [['WH-CD01', 0], ['WH-GZ01', 2]] },
] as const;

export type AreaCode = (typeof DELIVERY_AREAS)[number]['code'];

export const WAREHOUSES = [
  { code: 'WH-SH01', name: '外高桥仓', address: '上海市浦东新区富特北路 88 号', contactPerson: '王磊', contactPhone: '+86 21 5866 1001' },
  { code: 'WH-SH02', name: '松江仓', address: '上海市松江区新飞路 1500 号', contactPerson: '赵敏', contactPhone: '+86 21 5766 2002' },
  { code: 'WH-SZ01', name: '盐田仓', address: '深圳市盐田区北山道 146 号', contactPerson: '吴凯', contactPhone: '+86 755 2529 3003' },
  { code: 'WH-GZ01', name: '黄埔仓', address: '广州市黄埔区开发大道 238 号', contactPerson: '何静', contactPhone: '+86 20 8226 5005' },
  { code: 'WH-BJ01', name: '顺义仓', address: '北京市顺义区空港工业区 A 区天柱路 18 号', contactPerson: '刘洋',
    contactPhone: '+86 10 8048 4004' },
  { code: 'WH-CD01', name: '双流仓', address: '成都市双流区西航港大道 2066 号', contactPerson: '杨帆', contactPhone: '+86 28 8588 6006' },
];

/** A temporary warehouse that was closed: it waits in the trash. */
export const DELETED_WAREHOUSE = { code: 'WH-SH09', name: '嘉定临时仓', address: '上海市嘉定区嘉松北路 6655 号',
  contactPerson: '钱涛', contactPhone: '+86 21 5995 9009' };

/** Vehicle types; `buy` is a typical base purchase price within a city, in yuan. */
export const VEHICLE_TYPES = [
  { code: 'VAN-1.5', name: '1.5 吨厢式车', capacityTons: 1.5, volumeCbm: 8, description: '市内小件、急件', share: 25, buy: 420 },
  { code: 'TRK-5', name: '5 吨厢式货车', capacityTons: 5, volumeCbm: 30, description: '4.2 米厢车', share: 35, buy: 980 },
  { code: 'TRK-10', name: '10 吨高栏车', capacityTons: 10, volumeCbm: 45, description: '6.8 米高栏', share: 18, buy: 1650 },
  { code: 'TRL-40', name: '40 尺挂车', capacityTons: 28, volumeCbm: 67.5, description: '整柜、大件设备', share: 10, buy: 3600 },
  { code: 'REF-7.6', name: '7.6 米冷藏车', capacityTons: 8, volumeCbm: 40, description: '温控 2–8 ℃', share: 12, buy: 2100 },
];

export interface DemoSupplier {
  name: string;
  shortName: string | null;
  contactPerson: string;
  contactPhone: string;
  contactEmail: string;
  website: string | null;
  address: string;
  status: 'active' | 'inactive';
  areas: readonly AreaCode[];
}

export const SUPPLIERS: readonly DemoSupplier[] = [
  { name: '顺达物流有限公司', shortName: '顺达', contactPerson: '陈刚', contactPhone: '+86 21 6123 4567',
    contactEmail: 'ops@shunda.example', website: 'https://shunda.example', address: '上海市闵行区申长路 990 号',
    status: 'active', areas: ['SH-PD', 'SH-MH', 'SU-GY'] },
  { name: '华南速运有限公司', shortName: '华南速运', contactPerson: '梁志华', contactPhone: '+86 755 8611 2030',
    contactEmail: 'dispatch@huanan-express.example', website: 'https://huanan-express.example',
    address: '深圳市宝安区福永街道凤凰路 56 号', status: 'active', areas: ['SZ-NS', 'GZ-TH'] },
  { name: '北方联运股份有限公司', shortName: '北方联运', contactPerson: '李娜', contactPhone: '+86 10 6543 2100',
    contactEmail: 'service@beifang.example', website: null, address: '北京市朝阳区酒仙桥路 10 号',
    status: 'active', areas: ['BJ-CY'] },
  { name: '蜀道运输有限公司', shortName: null, contactPerson: '张建国', contactPhone: '+86 28 8555 7788',
    contactEmail: 'shudao@shudao.example', website: null, address: '成都市武侯区武科西五路 360 号',
    status: 'active', areas: ['CD-WH'] },
  { name: '长江物流集团有限公司', shortName: '长江物流', contactPerson: '胡斌', contactPhone: '+86 27 8777 3120',
    contactEmail: 'cs@changjiang.example', website: 'https://changjiang.example', address: '武汉市东西湖区金银湖路 18 号',
    status: 'active', areas: ['WH-DH', 'SH-PD', 'CD-WH'] },
  { name: '鹏程货运有限公司', shortName: '鹏程', contactPerson: '罗晓峰', contactPhone: '+86 755 2660 8871',
    contactEmail: 'pengcheng@pengcheng.example', website: null, address: '深圳市南山区沙河西路 3011 号',
    status: 'active', areas: ['SZ-NS'] },
  { name: '安达供应链管理有限公司', shortName: '安达', contactPerson: '孟庆', contactPhone: '+86 10 8457 6620',
    contactEmail: 'bd@anda-scm.example', website: 'https://anda-scm.example', address: '北京市顺义区后沙峪镇裕民大街 9 号',
    status: 'active', areas: ['BJ-CY', 'WH-DH'] },
  { name: '苏通快运有限公司', shortName: '苏通', contactPerson: '沈佳', contactPhone: '+86 512 6283 1145',
    contactEmail: 'kefu@sutong.example', website: null, address: '苏州工业园区星湖街 218 号',
    status: 'active', areas: ['SU-GY', 'SH-MH'] },
  { name: 'Swift Haulage Co., Ltd.', shortName: 'Swift', contactPerson: 'Tom Lee', contactPhone: '+852 2345 6789',
    contactEmail: 'dispatch@swift-haulage.example', website: 'https://swift-haulage.example',
    address: '18 Harbour Road, Wan Chai, Hong Kong', status: 'active', areas: ['SZ-NS', 'GZ-TH'] },
  { name: 'Blue River Logistics Ltd.', shortName: 'BRL', contactPerson: 'Anna Schmidt', contactPhone: '+49 40 3006 1200',
    contactEmail: 'china@blueriver.example', website: 'https://blueriver.example',
    address: 'Am Sandtorkai 50, 20457 Hamburg, Germany', status: 'active', areas: ['SH-PD', 'BJ-CY'] },
  { name: 'Pacific Bridge Freight Pte. Ltd.', shortName: 'PBF', contactPerson: 'Daniel Tan', contactPhone: '+65 6225 8800',
    contactEmail: 'ops@pacificbridge.example', website: 'https://pacificbridge.example',
    address: '1 Harbourfront Avenue, Singapore 098632', status: 'active', areas: ['GZ-TH', 'SH-PD'] },
  // No longer used: it took orders in the first months only.
  { name: '锦程冷链物流有限公司', shortName: '锦程冷链', contactPerson: '高峰', contactPhone: '+86 21 3956 7788',
    contactEmail: 'jincheng@jincheng.example', website: null, address: '上海市宝山区富锦路 1288 号',
    status: 'inactive', areas: ['SH-PD', 'SH-MH'] },
];

/** A supplier entered twice by mistake; the copy waits in the trash. */
export const DELETED_SUPPLIER: DemoSupplier = { name: '宏远搬运服务部', shortName: '宏远', contactPerson: '马宏远',
  contactPhone: '+86 21 5118 2266', contactEmail: 'hongyuan@hongyuan.example', website: null,
  address: '上海市浦东新区川沙路 5558 号', status: 'active', areas: ['SH-PD'] };

/** Order notes as the team writes them. */
export const ORDER_NOTES = [
  '请提前一小时电话联系收货人',
  '需要尾板车，收货点无卸货平台',
  '易碎品，轻拿轻放',
  '客户要求上午 10 点前送达',
  '需回收空托盘',
  '收货仓库周日不收货',
  '进园区需提前办理车辆通行证',
  '货物需保持干燥，雨天需加盖篷布',
];

export const FOUL_TRIP_NOTE = '首次提货放空：货未备好，次日重新派车';

/** Office machines: the activity log shows where each person signs in from. */
export const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
];
