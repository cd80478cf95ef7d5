import { MasterDataCreate } from '../master-data/MasterDataCreate';
import { RateCardForm } from './RateCardForm';

const RateCardCreate = () => (
  <MasterDataCreate texts="rate_cards">
    <RateCardForm />
  </MasterDataCreate>
);

export default RateCardCreate;
