import { MasterDataEdit } from '../common/MasterDataEdit';
import { WAREHOUSE_REASONS, WarehouseForm } from './WarehouseForm';

const WarehouseEdit = () => (
  <MasterDataEdit texts="warehouses" reasons={WAREHOUSE_REASONS}>
    <WarehouseForm />
  </MasterDataEdit>
);

export default WarehouseEdit;
