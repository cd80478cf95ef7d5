import { MasterDataCreate } from '../master-data/MasterDataCreate';
import { SupplierForm } from './SupplierForm';

const SupplierCreate = () => (
  <MasterDataCreate texts="suppliers">
    <SupplierForm />
  </MasterDataCreate>
);

export default SupplierCreate;
