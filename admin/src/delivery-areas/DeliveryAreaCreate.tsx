import { MasterDataCreate } from '../common/MasterDataCreate';
import { DELIVERY_AREA_REASONS, DeliveryAreaForm } from './DeliveryAreaForm';

const DeliveryAreaCreate = () => (
  <MasterDataCreate texts="delivery_areas" reasons={DELIVERY_AREA_REASONS}>
    <DeliveryAreaForm />
  </MasterDataCreate>
);

export default DeliveryAreaCreate;
