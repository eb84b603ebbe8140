/**
 * Registers the card elements a reading view shows once its reading is under way: `<tarot-card>`,
 * `<tarot-card-picker>` and `<tarot-card-stage>`. The views load this module
 * (../tarot-card-picker/picker-section.ts); one module with no exports, so a bundler keeps the
 * three in the chunk the tarot/cards entry loads too and needs no module namespace for it.
 */
import './tarot-card.ts';
import '../tarot-card-picker/tarot-card-picker.ts';
import '../tarot-card-stage/tarot-card-stage.ts';
