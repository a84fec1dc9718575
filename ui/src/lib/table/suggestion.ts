// What the card entry offers as a person types: a card's id and name; a Blue Moon card also its
// printed tag, its names in both languages and its values (the other games' cards have none).
import type { CardSuggestion } from '../bindings/CardSuggestion';

export type Suggestion = Pick<CardSuggestion, 'id' | 'name'> & Partial<CardSuggestion>;
