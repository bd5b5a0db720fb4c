// Invented brand names and word lists for the demo library. Every name is fictional; the
// sender domains use the reserved `.example` top-level domain.
import type { CategoryName } from './categories';

export const DEMO_BRANDS: ReadonlyArray<readonly [name: string, category: CategoryName, blurb: string]> = [
  ['Northwind Threads', 'Apparel', 'Everyday layers made to last.'],
  ['Loomline', 'Apparel', 'Knits and basics from small mills.'],
  ['Tidewater Denim', 'Apparel', 'Raw denim, washed by the sea breeze.'],
  ['Fernwood Knitwear', 'Apparel', 'Cosy knitwear for cold mornings.'],
  ['Gearhaven Motors', 'Automotive', 'Service plans and electric test drives.'],
  ['Roadmark Auto', 'Automotive', 'Parts and accessories for every road.'],
  ['Little Acorn Co.', 'Baby', 'Organic baby clothing and nursery goods.'],
  ['Snugglebug', 'Baby', 'Sleep sacks, swaddles and soft toys.'],
  ['Glowfield', 'Beauty', 'Clean skincare for every skin type.'],
  ['Petal & Pine', 'Beauty', 'Botanical fragrances and body care.'],
  ['Lumen Skin', 'Beauty', 'Serums backed by dermatologists.'],
  ['Saltwater Soap Co.', 'Beauty', 'Handmade soaps with sea minerals.'],
  ['Brightbrew Coffee', 'Beverage', 'Small-batch roasts delivered fresh.'],
  ['Fizzwell Soda', 'Beverage', 'Low-sugar craft sodas.'],
  ['Orchard Row Cider', 'Beverage', 'Dry ciders from heritage apples.'],
  ['Greenleaf Grove', 'Cannabis', 'Wellness products for grown-ups.'],
  ['Hazy Meadow', 'Cannabis', 'Dispensary news and weekly drops.'],
  ['Blockharbor', 'Crypto', 'A calm wallet for digital assets.'],
  ['CoinKettle', 'Crypto', 'Market notes and learning guides.'],
  ['Pixelcraft Fonts', 'Digital Products', 'Display typefaces for screens.'],
  ['Templatory', 'Digital Products', 'Slide and document templates.'],
  ['Fontsmith Lane', 'Digital Products', 'Type families for brand teams.'],
  ['Voltaic Audio', 'Electronics', 'Headphones and speakers tuned by ear.'],
  ['Circuit Cove', 'Electronics', 'Smart gadgets and repair kits.'],
  ['Lumatek', 'Electronics', 'Lighting that follows the sun.'],
  ['Nimbus Home Tech', 'Electronics', 'Connected devices for small homes.'],
  ['Hearth & Harvest', 'Food', 'Seasonal meal kits from local farms.'],
  ['Spoonful Pantry', 'Food', 'Pantry staples with short labels.'],
  ['Crumb Theory', 'Food', 'Sourdough and baking supplies.'],
  ['Mighty Morsel', 'Food', 'Snacks with more protein than sugar.'],
  ['Vitalroot', 'Health', 'Daily supplements and health guides.'],
  ['Pulsewise', 'Health', 'Fitness tracking and coaching.'],
  ['Calm Current', 'Health', 'Meditation and sleep programmes.'],
  ['Ashford Hill University', 'Higher Education', 'Degrees, open days and alumni news.'],
  ['Meridian Online College', 'Higher Education', 'Flexible online courses.'],
  ['Cedar & Clay', 'Home', 'Ceramics and handmade homeware.'],
  ['Nestwell Home', 'Home', 'Furniture for small spaces.'],
  ['Lanternlight Living', 'Home', 'Lamps, candles and soft furnishings.'],
  ['Goldcrest Atelier', 'Jewelry & Watches', 'Fine jewellery, made to order.'],
  ['Tickwell Watches', 'Jewelry & Watches', 'Mechanical watches, restored.'],
  ['Wanderpack', 'Luggage', 'Carry-ons built for long trips.'],
  ['Carry Compass', 'Luggage', 'Bags that fit under the seat.'],
  ['Ocean Keepers Trust', 'Non-Profit', 'Protecting coastlines together.'],
  ['Open Shelf Foundation', 'Non-Profit', 'Books for every school library.'],
  ['Pawsome Pantry', 'Pets', 'Fresh food for dogs and cats.'],
  ['Whisker & Wag', 'Pets', 'Toys and beds for pets.'],
  ['Tailwind Pet Co.', 'Pets', 'Outdoor gear for adventurous dogs.'],
  ['Basil & Ember', 'Restaurants', 'Wood-fired kitchens in six cities.'],
  ['Noodle Lantern', 'Restaurants', 'Hand-pulled noodles, fast.'],
  ['Stacklight', 'SaaS', 'Monitoring for small engineering teams.'],
  ['Formflow', 'SaaS', 'Forms and surveys without code.'],
  ['Metricly', 'SaaS', 'Dashboards your whole team reads.'],
  ['Harbor City Herons', 'Sports Teams', 'Tickets, fixtures and team news.'],
  ['Ridgeview Rovers', 'Sports Teams', 'Season passes and match-day offers.'],
  ['Farpoint Travel', 'Travel', 'Trips planned by real people.'],
  ['Sunward Getaways', 'Travel', 'Beach breaks and late deals.'],
  ['Atlas Trail Tours', 'Travel', 'Guided hiking holidays.'],
  ['Porthole Cruises', 'Travel', 'Small-ship river cruises.'],
  ['Pixel Forge Games', 'Video Games', 'Indie games and soundtrack drops.'],
  ['Questline Studios', 'Video Games', 'Story-driven adventures.'],
];

/** Tracked brands with too few captured emails for insights (404 `no_insights`). */
export const SPARSE_BRAND_NAMES: readonly string[] = ['Tickwell Watches', 'Open Shelf Foundation', 'Carry Compass'];

/** Adult-content brands that brand requests refuse (400 `not_allowed`); never in the library. */
export const ADULT_CONTENT_BRANDS: ReadonlyArray<{ name: string; domain: string }> = [
  { name: 'Velvet After Dark', domain: 'velvetafterdark.example' },
  { name: 'Scarlet Boudoir Club', domain: 'scarletboudoir.example' },
];

export const ADULT_CONTENT_WORDS = /\b(adult|xxx|erotic|porn|nsfw)\b/i;

export const ESP_NAMES: readonly string[] = ['MailForge', 'Sendloop', 'Campaignly', 'PostPilot', 'Inboxly'];

export const CATEGORY_NOUNS: Readonly<Record<CategoryName, readonly string[]>> = {
  Apparel: ['jackets', 'denim', 'knitwear', 'tees', 'outerwear'],
  Automotive: ['service plans', 'tyres', 'accessories', 'test drives'],
  Baby: ['sleep sacks', 'nursery sets', 'onesies', 'toys'],
  Beauty: ['serums', 'cleansers', 'fragrances', 'gift sets'],
  Beverage: ['roasts', 'sodas', 'ciders', 'tasting boxes'],
  Cannabis: ['gummies', 'tinctures', 'weekly drops'],
  Crypto: ['wallet features', 'market notes', 'staking guides'],
  'Digital Products': ['fonts', 'templates', 'icon packs', 'bundles'],
  Electronics: ['headphones', 'speakers', 'smart lights', 'chargers'],
  Food: ['meal kits', 'snacks', 'pantry boxes', 'recipes'],
  Health: ['supplements', 'programmes', 'check-ins', 'plans'],
  'Higher Education': ['open days', 'courses', 'scholarships', 'webinars'],
  Home: ['ceramics', 'lamps', 'sofas', 'bedding'],
  'Jewelry & Watches': ['rings', 'watches', 'necklaces'],
  Luggage: ['carry-ons', 'backpacks', 'packing cubes'],
  'Non-Profit': ['campaigns', 'volunteer days', 'impact reports'],
  Pets: ['treats', 'beds', 'harnesses', 'food plans'],
  Restaurants: ['tasting menus', 'lunch deals', 'new locations'],
  SaaS: ['features', 'integrations', 'plans', 'webinars'],
  'Sports Teams': ['season tickets', 'match-day deals', 'jerseys'],
  Travel: ['getaways', 'cruises', 'tours', 'late deals'],
  'Video Games': ['releases', 'soundtracks', 'expansions', 'bundles'],
};

export const ADJECTIVES: readonly string[] = ['bold', 'fresh', 'limited', 'new', 'classic', 'bestselling', 'seasonal', 'exclusive'];
export const SEASONS: readonly string[] = ['spring', 'summer', 'autumn', 'winter', 'holiday'];
export const EMOJI: readonly string[] = ['🔥', '✨', '🎉', '☀️', '🛍️', '❄️', '💌'];

/** Subject templates; `{brand}`, `{noun}`, `{adj}`, `{season}`, `{pct}` are filled in. */
export const SUBJECT_TEMPLATES: readonly string[] = [
  '{pct}% off {noun}, this weekend only',
  'New arrivals: {adj} {noun}',
  'Your {season} guide to {noun}',
  'Last chance: free shipping ends tonight',
  '{brand} picks, just for you',
  'Meet the {adj} {noun} collection',
  'Back in stock: {noun}',
  'The {season} edit is here',
  'Three {noun} our team loves',
  'Inside: {adj} {noun} and more',
  'Early access to {noun} starts now',
  'A thank-you from {brand}',
];

export const JOURNEY_STAGES: ReadonlyArray<{ stage: string; slug: string; subjects: readonly string[] }> = [
  { stage: 'Welcome', slug: 'welcome', subjects: ['Welcome to {brand}!', 'Here is how {brand} works', 'Your welcome gift inside'] },
  { stage: 'Browse Abandonment', slug: 'browse-abandonment', subjects: ['Still thinking about {noun}?', 'Take another look'] },
  { stage: 'Cart Abandonment', slug: 'cart-abandonment', subjects: ['You left something in your cart', 'Your cart is about to expire'] },
  { stage: 'Post-Purchase', slug: 'post-purchase', subjects: ['Thanks for your order!', 'How are you enjoying your {noun}?'] },
  { stage: 'Win-Back', slug: 'win-back', subjects: ['We miss you: {pct}% off', 'It has been a while'] },
  { stage: 'Re-engagement', slug: 're-engagement', subjects: ['Do you still want our emails?', 'One last note from {brand}'] },
];
