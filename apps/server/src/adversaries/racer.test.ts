import { racerSuite } from '../../test/racer';

racerSuite('this process', {});
