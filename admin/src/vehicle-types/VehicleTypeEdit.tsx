import { MasterDataEdit } from '../common/MasterDataEdit';
import { VEHICLE_TYPE_REASONS, VehicleTypeForm } from './VehicleTypeForm';

const VehicleTypeEdit = () => (
  <MasterDataEdit texts="vehicle_types" reasons={VEHICLE_TYPE_REASONS}>
    <VehicleTypeForm />
  </MasterDataEdit>
);

export default VehicleTypeEdit;
