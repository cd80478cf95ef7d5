import { MasterDataEdit } from '../master-data/MasterDataEdit';
import { DeliveryAreaForm } from './DeliveryAreaForm';

const DeliveryAreaEdit = () => (
  <MasterDataEdit texts="delivery_areas">
    <DeliveryAreaForm />
  </MasterDataEdit>
);

export default DeliveryAreaEdit;
