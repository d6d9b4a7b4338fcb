/**
 * Answers a learner might write to the site's sample tasks (db/seed/writing-tasks.ts), for the
 * end-to-end tests of the answer screens: in paragraphs, with a learner's slips left in (a word
 * misspelt, a word written twice, "a" before a vowel sound), so that the measures have something
 * to mark.
 */

/** Task 2, "Cars in the city centre": about 280 words in five paragraphs. */
export const CARS_ESSAY = [
  "In recent years many cities have started to think about closing their centres to private cars. Some people welcome this idea, while others worry that shops and residents would suffer. In this essay I will discuss both views and give my own opinion.",
  "On the one hand, a centre without cars is safer and more pleasant for everyone. Pedestrians and cyclists do not have to breathe polluted air, and children can walk to school without danger. For example, in my home town the main street was closed to traffic five years ago, and now it is full of cafes, markets and street musicians. Moreover, buses and trams become faster when they do not share the road with thousands of private vehicles, which is also better for the enviroment.",
  "On the other hand, a ban could make daily life harder for some groups. Elderly people and people with disabilities often depend on a car, and a family doing a big weekly shopping cannot easily carry everything on a bus. Shop owners also fear that customers will go to the the large shopping centres outside the city, where parking is free. This is a real risk, especially for small businesses which already struggle with online competition.",
  "In my opinion, the advantages of car-free centres are greater than the disadvantages, but the change must be planned carefully. The city should offer cheap park-and-ride services, delivery zones for shops and special permits for people who really need a car. In addition, it is a useful idea to introduce the ban step by step, so that residents have a opportunity to adapt.",
  "In conclusion, closing city centres to private cars can make cities healthier and friendlier, as long as the needs of every resident are considered.",
];

/** General Training Task 1, "A borrowed camera": a letter of about 170 words. */
export const CAMERA_LETTER = [
  "Dear Tom,",
  "I hope you are well. I am writing because I have some bad news about the camera you kindly lent me for my holiday in Portugal.",
  "On the third day we went on a boat trip along the coast. The sea was rougher than we expected, and a big wave came over the side of the boat. I was holding the camera, and although I tried to protect it, it got wet. Since then the screen does not turn on, and the lens does not move.",
  "I feel terrible about this, because I know how much you like that camera and how careful you always are with your things. I should have left it in my bag.",
  "I would like to pay for the repair. I have already found a shop near my office which repairs cameras, and they said they can check it this week. If it cannot be repaired, I will buy you a new one of the same model.",
  "Please let me know what you prefer.",
  "Best wishes,",
  "Anna",
];

/** Academic Task 1, "Museum visitors in Harlow Bay": a short report of about 160 words. */
export const MUSEUM_REPORT = [
  "The graph compares the number of people who visited three museums in Harlow Bay every year between 2016 and 2024.",
  "Overall, the science museum became the most popular of the three, while the history museum lost visitors over the period. The art gallery changed little, apart from a sharp fall in 2020 which affected all three museums.",
  "In 2016 the history museum attracted the largest number of visitors, but its figures declined gradually after that. By contrast, the science museum grew steadily and overtook the history museum around 2019. In 2020 visitor numbers dropped dramatically at every museum, probably because they were closed for part of the year.",
  "After 2020 all three museums recovered. The science museum recovered fastest and reached its highest figure in 2024, whereas the history museum never returned to its level of 2016. The art gallery ended the period at roughly the same level as it started.",
];
