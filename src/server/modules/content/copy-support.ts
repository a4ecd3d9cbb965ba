/**
 * Help centre, questions and answers, site reviews, brands and generic page copy for the seed.
 * @module
 */

/** A help topic with its answers (title and plain-text paragraphs). */
export interface HelpTopicCopy {
  title: string;
  answers: readonly { title: string; paragraphs: readonly string[] }[];
}

/** Help centre: 6 topics, 30 answers. */
export const HELP_TOPICS: readonly HelpTopicCopy[] = [
  {
    title: 'Orders and Shipping',
    answers: [
      { title: 'How long does shipping take?', paragraphs: ['Most in-stock orders leave our warehouse within one business day. Ground delivery takes 2 to 5 business days in the contiguous United States.', 'Large items such as heaters, filters and pumps ship by freight or oversize ground and may take one or two extra days.'] },
      { title: 'How do I track my order?', paragraphs: ['We email a tracking number as soon as your order ships. You can also find it on the Orders page of your account.'] },
      { title: 'Do you ship outside the United States?', paragraphs: ['We ship to Canada, Mexico, Australia and several European countries. Duties and import taxes are paid by the recipient on delivery.'] },
      { title: 'How is shipping calculated?', paragraphs: ['Shipping is calculated at checkout from the weight and size of your items and your delivery address. Many small parts ship free above the threshold shown in the announcement bar.'] },
      { title: 'Can I change or cancel my order?', paragraphs: ['Call us as soon as possible. We can change or cancel an order until it has been picked; after that it must be returned once delivered.'] },
      { title: 'What if my package arrives damaged?', paragraphs: ['Keep the packaging and take photos, then contact us within 5 days of delivery. We will file the carrier claim and send a replacement.'] },
    ],
  },
  {
    title: 'Returns and Warranty',
    answers: [
      { title: 'What is your return policy?', paragraphs: ['Unused items in their original packaging can be returned within 30 days of delivery. Electrical parts that have been installed cannot be returned.'] },
      { title: 'Is there a restocking fee?', paragraphs: ['Returns of items that were not defective may carry a restocking fee of 15 percent. Freight items carry the return shipping cost.'] },
      { title: 'How do I start a return?', paragraphs: ['Contact us with your order number and the items you want to return. We will email a return authorization and instructions for returns by mail.'] },
      { title: 'How do warranty claims work?', paragraphs: ['Most products carry a 1 year warranty from the manufacturer only. We help you contact the manufacturer and supply the proof of purchase they ask for.'] },
      { title: 'When will I get my refund?', paragraphs: ['Refunds are issued to the original payment method within 5 business days of the return reaching our warehouse.'] },
    ],
  },
  {
    title: 'Finding the Right Part',
    answers: [
      { title: 'How do I search by part number?', paragraphs: ['Type the part number in the search box. Our search ignores hyphens, spaces and case, so SPX1600S finds SPX-1600-S.'] },
      { title: 'I cannot find the model number on my equipment', paragraphs: ['Look for a label on the motor, tank, heater cabinet or control box. Send us a photo of the equipment and we will identify it.'] },
      { title: 'Which o-ring fits my pump lid?', paragraphs: ['Search for your pump model and open the o-ring category, or measure the inside diameter and thickness and search by size.'] },
      { title: 'Do you sell complete pumps and filters?', paragraphs: ['Yes. Browse the Pumps and Filters categories, or filter the search results by horsepower, voltage and filter type.'] },
      { title: 'Can you help me size a heater?', paragraphs: ['Yes. Read our heater sizing article or send us your pool size and location and a specialist will recommend a size.'] },
      { title: 'What does call for price mean?', paragraphs: ['Some items can only be quoted by phone because of manufacturer pricing rules or freight. Call us and we will give you a price right away.'] },
    ],
  },
  {
    title: 'Payments and Pricing',
    answers: [
      { title: 'Which payment methods do you accept?', paragraphs: ['We accept Visa, Mastercard, American Express, Discover, Diners Club, PayPal, Apple Pay and Google Pay.'] },
      { title: 'Do you charge sales tax?', paragraphs: ['Sales tax is collected where required by law and shown at checkout before you pay.'] },
      { title: 'Do you price match?', paragraphs: ['We match advertised prices from authorized dealers on identical in-stock items. Contact us with a link to the offer.'] },
      { title: 'How do I use a discount code?', paragraphs: ['Enter the code in the discount box on the cart page. Only one code can be applied per order.'] },
      { title: 'Can I pay with a gift card?', paragraphs: ['Yes. Add the gift card in your wallet and choose it at checkout.'] },
    ],
  },
  {
    title: 'Your Account',
    answers: [
      { title: 'How do I reset my password?', paragraphs: ['Use the Forgot password link on the sign-in page. We will email a reset link that is valid for one hour.'] },
      { title: 'How do I add a recovery email?', paragraphs: ['Open My account, then Recovery email, and add an address you can reach if you lose access to your main email.'] },
      { title: 'How do I manage my addresses?', paragraphs: ['Open My account to add, edit or delete mailing addresses and choose a default address for checkout.'] },
      { title: 'How do I unsubscribe from the newsletter?', paragraphs: ['Every newsletter has an unsubscribe link at the bottom. You can also contact us and we will remove your address.'] },
    ],
  },
  {
    title: 'Pool and Spa Care',
    answers: [
      { title: 'How often should I clean my filter?', paragraphs: ['Clean it when the pressure reads 8 to 10 psi above the clean reading, usually every 4 to 6 weeks in season.'] },
      { title: 'What chemicals do I need to open my pool?', paragraphs: ['You need a test kit, chlorine or shock, pH and alkalinity adjusters, and stabilizer for outdoor pools. Our opening article lists the steps.'] },
      { title: 'Why is my pool cloudy?', paragraphs: ['Cloudy water usually means low chlorine, high pH or a filter that needs cleaning. Test the water, balance it and run the filter continuously for a day.'] },
      { title: 'How long should I run my pump?', paragraphs: ['Aim to turn over the whole pool volume at least once a day. With a variable speed pump, run longer at a low speed.'] },
    ],
  },
];

/** A question-and-answer forum topic with thread templates. `{model}` is replaced by a model. */
export interface QuestionTopicCopy {
  title: string;
  description: string;
  models: readonly string[];
  threads: readonly { title: string; body: string; answer: string }[];
}

/** Question topics; the seed draws ~60 threads from their templates. */
export const QUESTION_TOPICS: readonly QuestionTopicCopy[] = [
  {
    title: 'Pumps and Motors', description: 'Priming, noise, seals, motors and variable speed programming.',
    models: ['Tidewell AquaDrive VS', 'Marlin Current 1.5 HP', 'Cobalt Cove CX 2', 'Palmetto Twin-Port 2 HP', 'Kelpford Basic 1 HP'],
    threads: [
      { title: 'My {model} loses prime overnight', body: 'Every morning the basket is half empty and the pump runs dry for a minute before it catches. Is this a check valve problem?', answer: 'A pump that loses prime overnight is draining back through a suction leak or a missing check valve. Replace the lid o-ring first, then check the suction unions and the skimmer.' },
      { title: 'Loud screeching from the {model} motor', body: 'The motor started screeching last week and it gets worse when it warms up.', answer: 'Screeching usually means worn motor bearings, often after a leaking shaft seal let water reach them. Replace the bearings and the seal together, or replace the motor.' },
      { title: 'Which shaft seal fits the {model}?', body: 'Water is dripping between the pump and motor. What seal do I need?', answer: 'Search for the pump model plus "go-kit": the kit includes the correct shaft seal and every o-ring. Our team can confirm from a photo of the motor label.' },
      { title: 'Best low speed for filtration on a {model}?', body: 'What RPM should I use for daily filtration on a 20,000 gallon pool?', answer: 'Start around 1,500 RPM for 10 to 12 hours and check that the skimmers still pull debris. Go higher only for the cleaner or the heater.' },
    ],
  },
  {
    title: 'Filters and Cartridges', description: 'Sand, cartridge and DE filters, pressure, backwashing and replacement media.',
    models: ['Brightwater Clearline 150', 'Kelpford Four-Grid DE 80', 'Tidewell Sandbed 60', 'Cobalt Cove C1200 cartridge', 'Palmetto 24 inch sand'],
    threads: [
      { title: 'Pressure climbs fast on my {model}', body: 'I clean the filter and two days later pressure is up 10 psi. The water looks clear.', answer: 'Rapid pressure rise after cleaning usually means oils or scale in the media. Soak cartridges in a degreaser or change the sand, and check for a partly closed return valve.' },
      { title: 'Sand coming back into the pool from my {model}', body: 'I see sand at the bottom near the returns after backwashing.', answer: 'Sand in the pool points to a broken lateral inside the filter or a worn spider gasket in the multiport valve. Inspect the laterals first.' },
      { title: 'How often to replace cartridges in a {model}?', body: 'How many years should cartridges last?', answer: 'Replace cartridges every 2 to 3 years, or sooner if the pleats are torn, the end caps are cracked or the clean pressure keeps rising.' },
    ],
  },
  {
    title: 'Heaters and Heat Pumps', description: 'Sizing, ignition faults, error codes and heat pump performance.',
    models: ['Marlin Hearth 400', 'Kelpford Gas 250', 'Tidewell ThermaPump 120', 'Brightwater 266 heater', 'Cobalt Cove HeatLine 110'],
    threads: [
      { title: '{model} shows a pressure switch error', body: 'The heater will not light and shows a pressure switch fault even with the pump running.', answer: 'Check flow first: a dirty filter or low pump speed keeps the pressure switch open. Then check the switch tubing for scale and the switch itself with a meter.' },
      { title: 'Is a {model} big enough for my pool?', body: 'My pool is 16 by 32 feet and I want to swim in April in Oregon.', answer: 'That pool has about 512 square feet of surface. For a 20 degree rise you need roughly 123,000 BTU per hour of output plus a solar cover; a 400,000 BTU gas heater or a large heat pump will do it.' },
      { title: 'Heat pump {model} iced over', body: 'The evaporator coil is covered in ice on cool mornings.', answer: 'Heat pumps frost below about 50 degrees air temperature. Let the defrost cycle run, check airflow around the unit and schedule heating for the warmer part of the day.' },
    ],
  },
  {
    title: 'Salt Systems', description: 'Salt cells, salt levels, generator faults and chlorine output.',
    models: ['Tidewell SaltCell 15', 'Marlin Chlorgen 30', 'Kelpford Cell 15', 'Palmetto Pure Salt', 'Brightwater Salt 40'],
    threads: [
      { title: '{model} says low salt but the test says 3200', body: 'The controller reports low salt but my strips say 3200 ppm.', answer: 'A scaled or aging cell reads low. Clean the cell, then calibrate the reading on the controller if it supports it. If it still reads low, the cell may be near the end of its life.' },
      { title: 'How long does a {model} cell last?', body: 'My cell is four years old. Should I replace it?', answer: 'Cells are rated in hours of operation; most last 3 to 7 years. Output that stays low after cleaning is the sign to replace it.' },
      { title: 'Can I use a {model} on a plaster pool?', body: 'Will salt damage my plaster or deck?', answer: 'Salt at 3,200 ppm is about one tenth of sea water and is safe for plaster when the water is balanced. Seal natural stone coping and rinse the deck after splashing.' },
    ],
  },
  {
    title: 'Cleaners', description: 'Robotic, suction and pressure cleaners: coverage, parts and repairs.',
    models: ['Marlin Robo Tide', 'Kelpford Crawler', 'Tidewell 280 pressure cleaner', 'Cobalt Cove Roamer', 'Palmetto Glide 920'],
    threads: [
      { title: '{model} keeps getting stuck on the main drain', body: 'The cleaner climbs onto the drain and stays there.', answer: 'Fit a drain deflector or a ring over the drain cover, and check that the cleaner tires or feet are not worn.' },
      { title: '{model} does not climb walls anymore', body: 'It used to climb to the waterline, now it only cleans the floor.', answer: 'Worn brushes, a full filter or low suction stop wall climbing. Replace the brushes and clean the filter, then check the flow setting.' },
      { title: 'Replacement tires for the {model}', body: 'Where do I find the right tires and feet?', answer: 'Search for the cleaner model and open the cleaner parts category. Replace tires in pairs to keep the cleaner tracking straight.' },
    ],
  },
  {
    title: 'Spa and Hot Tub Parts', description: 'Spa packs, heaters, jets, pumps, covers and chemistry.',
    models: ['Kelpford SpaPack 100', 'Brightwater SpaControl', 'Marlin CS62 spa pack', 'Tidewell Spa Boost pump', 'Kelpford SpaPack 210'],
    threads: [
      { title: '{model} shows FLO error', body: 'The spa pack shows FLO and the heater will not turn on.', answer: 'FLO means the pressure switch does not see flow. Clean the filter, bleed air from the pump and check the pressure switch adjustment.' },
      { title: 'Spa will not heat with {model} control', body: 'The jets work but the water does not get warm.', answer: 'Test the heater element resistance and the high-limit sensor. A failed element reads open on a meter.' },
      { title: 'Foam in the spa after refilling', body: 'Fresh water and the spa is foaming already.', answer: 'Foam comes from soaps and lotions. Rinse the filter, lower the jets and use a defoamer; keep bathers showering before use.' },
    ],
  },
  {
    title: 'Water Chemistry', description: 'Balancing, shocking, algae and clarity.',
    models: ['tablet feeder', 'liquid chlorine', 'salt system', 'bromine floater', 'mineral system'],
    threads: [
      { title: 'pH keeps rising with a {model}', body: 'I add acid every week and pH is back above 7.8 in days.', answer: 'High alkalinity and aeration push pH up. Lower total alkalinity toward 80 ppm and reduce waterfalls and spillways between doses.' },
      { title: 'Chlorine will not hold with a {model}', body: 'Chlorine drops to zero overnight even after shocking.', answer: 'Overnight loss means demand: algae, phosphates or very high stabilizer. Do an overnight chlorine loss test and shock until it passes.' },
      { title: 'Cloudy water after using a {model}', body: 'The water turned milky a day after I adjusted things.', answer: 'Cloudiness after adjustments is usually high pH with high calcium. Lower pH to 7.4, run the filter and add a clarifier.' },
    ],
  },
];

/** Names for forum posters and reviewers (first name and last initial). */
export const PEOPLE: readonly string[] = [
  'Rick M.', 'Sandra T.', 'Luis G.', 'Karen B.', 'Jamal W.', 'Heather P.', 'Doug F.', 'Mei L.', 'Carlos R.',
  'Brenda K.', 'Steve H.', 'Nina S.', 'Greg O.', 'Tanya D.', 'Paul V.', 'Amy C.', 'Victor N.', 'Laura E.',
  'Tony A.', 'Jill Z.', 'Robert Y.', 'Maria J.', 'Dennis Q.', 'Olivia U.',
];

/** Staff who answer questions. */
export const STAFF: readonly string[] = ['Skimmer Tech Support', 'Dana W. (Parts Specialist)', 'Ken N. (Service Tech)'];

/** Short follow-ups the asker leaves after an answer. */
export const FOLLOW_UPS: readonly string[] = [
  'That fixed it, thank you!',
  'Ordered the kit, will report back.',
  'Thanks, I had the wrong o-ring on there.',
  'Good to know. The new part arrived in two days.',
];

/** Site review messages; the seed leaves some reviews with no message at all. */
export const REVIEW_MESSAGES: readonly string[] = [
  'Found the exact impeller for my 20 year old pump. Shipped the same day.',
  'Great prices on cartridges and fast delivery.',
  'The part number search found my o-ring when nobody else could.',
  'Called for help sizing a heater and got a straight answer in five minutes.',
  'Order arrived well packed and on time.',
  'Second order this season, everything as described.',
  'Salt cell arrived quickly and the install video helped.',
  'Good selection of spa parts, hard to find elsewhere.',
  'Shipping took a little longer than expected but the part was right.',
  'Customer service fixed a mistake on my order right away.',
  'Easy checkout, clear tracking emails.',
  'Replacement motor fit perfectly.',
  'Helpful staff, fair prices, will buy again.',
  'My pool guy recommended them and he was right.',
  'Heat pump arrived by freight with a call ahead. Smooth.',
  'Prices are better than the local store and they actually have stock.',
  'Got the wrong gasket but the return was painless.',
  'The articles on their blog saved me a service call.',
];

/** Vendor names used when the catalogue has no vendors yet (fictional pool and spa brands). */
export const FALLBACK_VENDORS: readonly string[] = [
  'AquaCore', 'BlueWave Equipment', 'ClearSpring', 'Coastal Pool Works', 'HydroMax', 'Lagoon Industries',
  'Pacific Spa Parts', 'PoolPro Supply', 'PureFlow Systems', 'SaltStream', 'SunBather Heating', 'TideLine',
];

/** Brand description templates; `{name}` is replaced by the brand name. */
export const BRAND_BLURBS: readonly string[] = [
  '{name} builds pumps, filters and replacement parts trusted by pool professionals for decades. We stock genuine {name} parts for current and discontinued models.',
  '{name} makes equipment for residential pools and spas with a focus on energy efficiency and quiet operation.',
  '{name} is known for durable replacement parts: o-rings, gaskets, impellers and seals that fit the original equipment exactly.',
  '{name} designs heating, sanitizing and automation products for pool owners who want less maintenance.',
  'From spa packs to cartridges, {name} covers the parts hot tub owners replace most often.',
];
