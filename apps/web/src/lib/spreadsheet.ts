// The rule lives in the contract: the server's exports and the web's write cells the same way.
export { safeCellText } from '@cacifo/contract/lists';
