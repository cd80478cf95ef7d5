import { MasterDataCreate } from '../common/MasterDataCreate';
import { WAREHOUSE_REASONS, WarehouseForm } from './WarehouseForm';

const WarehouseCreate = () => (
  <MasterDataCreate texts="warehouses" reasons={WAREHOUSE_REASONS}>
    <WarehouseForm />
  </MasterDataCreate>
);

export default WarehouseCreate;
