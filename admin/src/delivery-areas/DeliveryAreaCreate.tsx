import { MasterDataCreate } from '../master-data/MasterDataCreate';
import { DeliveryAreaForm } from './DeliveryAreaForm';

const DeliveryAreaCreate = () => (
  <MasterDataCreate texts="delivery_areas">
    <DeliveryAreaForm />
  </MasterDataCreate>
);

export default DeliveryAreaCreate;
