// Typed calls of the Cards and Rulings screens into the Rust service. Payload and result types
// are generated from Rust (ts-rs, see ../bindings); only the command names are written here.
import { call } from '../api';
import type { CardFilter } from '../bindings/CardFilter';
import type { CardFilterOptions } from '../bindings/CardFilterOptions';
import type { CardPage } from '../bindings/CardPage';
import type { CardSearch } from '../bindings/CardSearch';
import type { CatalogStatsView } from '../bindings/CatalogStatsView';
import type { CorpusStatsView } from '../bindings/CorpusStatsView';
import type { FixView } from '../bindings/FixView';
import type { Language } from '../bindings/Language';
import type { RulingDetail } from '../bindings/RulingDetail';
import type { RulingSearch } from '../bindings/RulingSearch';
import type { RulingsForCard } from '../bindings/RulingsForCard';

export const cardsApi = {
  find: (text: string, filter: CardFilter, limit: number) =>
    call<CardSearch>('cards_find', { text, filter, limit }),
  filterOptions: () => call<CardFilterOptions>('cards_filter_options'),
  page: (card: string, lang: Language) => call<CardPage>('cards_page', { card, lang }),
  fix: (card: string, fact: string, value: string) =>
    call<FixView[]>('cards_fix', { card, fact, value }),
  // Takes back the person's fix of one fact: the catalog's value counts again from the next play.
  removeFix: (card: string, fact: string) => call<FixView[]>('cards_fix_remove', { card, fact }),
  stats: () => call<CatalogStatsView>('cards_stats'),
};

export const rulingsApi = {
  search: (
    text: string,
    filter: { game: string | null; source: string | null; lang: Language | null },
    limit: number,
  ) => call<RulingSearch>('rulings_search', { text, ...filter, limit }),
  show: (id: string, highlight: string | null) =>
    call<RulingDetail>('rulings_show', { id, highlight }),
  forCard: (card: string, active: string[], lang: Language | null, limit: number) =>
    call<RulingsForCard>('rulings_for', { card, active, lang, limit }),
  corpusStats: () => call<CorpusStatsView>('corpus_stats'),
};
