/** Reads the many call forms of `.to()`: `to("cuda")`, `to(torch.float16)`, `to(other)`, `to(device, dtype)`, keywords. */
import { bind, toBool, toDevice, toDtype } from '../args';
import type { Device } from '../device';
import type { DTypeName } from '../dtype';
import { typeError } from '../errors';
import { typeName, type Kwargs, type Value } from '../values';

/** What a `.to()` call asked for. */
export interface ToArgs {
  device?: Device;
  dtype?: DTypeName;
  nonBlocking: boolean;
  copy: boolean;
}

/** Parses the arguments of `tensor.to(...)` or `module.to(...)`. */
export function parseToArgs(args: readonly Value[], kwargs: Kwargs): ToArgs {
  const bound = bind('to', ['device', 'dtype', 'non_blocking', 'copy'], [], kwargs);
  const out: ToArgs = {
    nonBlocking: toBool(bound.get('non_blocking'), false),
    copy: toBool(bound.get('copy'), false),
  };
  const device = bound.get('device');
  const dtype = bound.get('dtype');
  if (device && device.kind !== 'none') out.device = toDevice(device, 'to');
  if (dtype && dtype.kind !== 'none') out.dtype = toDtype(dtype, 'to');
  const positional = [...args];
  const first = positional[0];
  if (first && first.kind === 'tensor') {
    out.device = first.tensor.storage.device;
    out.dtype = first.tensor.dtype;
    positional.shift();
  }
  for (const arg of positional) {
    if (arg.kind === 'dtype') out.dtype = arg.dtype;
    else if (arg.kind === 'str' || arg.kind === 'device' || arg.kind === 'int')
      out.device = toDevice(arg, 'to');
    else if (arg.kind === 'bool') out.nonBlocking = arg.value;
    else if (arg.kind !== 'none')
      throw typeError(
        `to() received an invalid combination of arguments - got (${typeName(arg)})`,
        'Pass a device ("cuda"), a dtype (torch.float16), or both.',
      );
  }
  return out;
}
