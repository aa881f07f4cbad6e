/**
 * cmi5 for an embed launched by an LMS as an assignable unit (AU), in three parts: the launch
 * (its URL parameters and LMS.LaunchData, cmi5-launch.ts), the statements with cmi5 context
 * (cmi5-statements.ts) and the session that sends them (cmi5-session.ts).
 */
export {
  CMI5_PARAMS,
  MAX_CMI5_PARAM_CHARS,
  parseCmi5Launch,
  parseLaunchData,
  readCmi5Launch,
  type Cmi5Launch,
  type Cmi5LaunchData,
} from './cmi5-launch';
export { CMI5, isoDuration } from './cmi5-statements';
export { createCmi5Session, type Cmi5Session, type Cmi5SessionOptions } from './cmi5-session';
