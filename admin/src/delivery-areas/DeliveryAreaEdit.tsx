import { MasterDataEdit } from '../common/MasterDataEdit';
import { DELIVERY_AREA_REASONS, DeliveryAreaForm } from './DeliveryAreaForm';

const DeliveryAreaEdit = () => (
  <MasterDataEdit texts="delivery_areas" reasons={DELIVERY_AREA_REASONS}>
    <DeliveryAreaForm />
  </MasterDataEdit>
);

export default DeliveryAreaEdit;
