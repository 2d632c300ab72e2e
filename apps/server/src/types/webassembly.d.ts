/** The part of the WebAssembly JS API the server uses (Node has it; its types live in lib.dom). */
declare namespace WebAssembly {
  class Module {
    private constructor();
  }
  class Instance {
    private constructor();
    readonly exports: Record<string, unknown>;
  }
  type Imports = Record<string, Record<string, unknown>>;
  function compile(bytes: Uint8Array): Promise<Module>;
  function instantiate(module: Module, imports?: Imports): Promise<Instance>;
}
