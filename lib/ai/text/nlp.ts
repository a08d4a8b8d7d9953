import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';

// Loading the model takes ~200 ms: once per process, on first use.
let nlp: ReturnType<typeof winkNLP> | null = null;

/** The process's English pipeline (wink-nlp with its lite web model): tokens, parts of speech, lemmas, stop words. */
export function englishNlp(): ReturnType<typeof winkNLP> {
  nlp ??= winkNLP(model);
  return nlp;
}
