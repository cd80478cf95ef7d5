import { MasterDataCreate } from '../common/MasterDataCreate';
import { WarehouseForm } from './WarehouseForm';

const WarehouseCreate = () => (
  <MasterDataCreate texts="warehouses">
    <WarehouseForm />
  </MasterDataCreate>
);

export default WarehouseCreate;
