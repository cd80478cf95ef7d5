import { MasterDataEdit } from '../master-data/MasterDataEdit';
import { WarehouseForm } from './WarehouseForm';

const WarehouseEdit = () => (
  <MasterDataEdit texts="warehouses">
    <WarehouseForm />
  </MasterDataEdit>
);

export default WarehouseEdit;
