import { MasterDataCreate } from '../master-data/MasterDataCreate';
import { WarehouseForm } from './WarehouseForm';

const WarehouseCreate = () => (
  <MasterDataCreate texts="warehouses">
    <WarehouseForm />
  </MasterDataCreate>
);

export default WarehouseCreate;
