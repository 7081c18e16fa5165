/**
 * A parse worker's whole program (see parse-yaml-files.ts): each message is one file's text, each
 * answer that file's plain data and problems, in the order asked.
 */
import { parentPort } from 'node:worker_threads';
import { parseYamlData } from './read-yaml.js';

export interface ParseRequest {
  readonly text: string;
  readonly name: string;
}

parentPort?.on('message', (request: ParseRequest) => {
  parentPort?.postMessage(parseYamlData(request.text, request.name));
});
