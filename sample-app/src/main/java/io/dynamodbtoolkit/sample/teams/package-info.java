/**
 * Teams: a graph of users and teams in one table, both directions of its edges read as key seeks.
 */
package io.dynamodbtoolkit.sample.teams;
