// Limits shared by the core's loader and the modules that must stay within
// them without loading the core themselves (fetching, the command line).

/**
 * The most input the core takes in one call: a robots.txt body (after
 * maxBytes), one URL (as UTF-8, or twice its length as UTF-16), an agent
 * list. 256 MiB leaves room in the 4 GiB address space for the compiled
 * tables and the scratch buffers that grow with the input.
 */
export const MAX_INPUT_BYTES = 256 << 20;
