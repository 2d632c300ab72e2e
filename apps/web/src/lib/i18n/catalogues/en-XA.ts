import { pseudoCatalogue } from '../pseudo';
import english from './en';

export default pseudoCatalogue(english);
